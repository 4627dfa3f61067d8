import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';

/** A page loaded on demand; `preload` fetches its code ahead of its first render. */
export type LazyPage<Props> = ((props: Props) => ReactElement) & { preload: () => Promise<unknown> };

/**
 * A page whose code is fetched when it is first shown, so that a first visit
 * downloads only what its own page needs (the map, the tours, the
 * questionnaires and the admin stay out of the first bundle).
 *
 * Once its code is there (`preload`, called before the app's first render for
 * the page being opened), the page renders at once instead of through a
 * loading spinner: the markup the server prerendered is then replaced by the
 * same page, not by a spinner.
 */
export function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module[name];
      return loaded;
    }));
  // React.lazy's own typing cannot follow a component picked by name: the cast only restores what `load` promised.
  const Page = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<Props>;
  function LazyPage(props: Props) {
    // Chosen once per mount, so a page shown through Suspense is never remounted when its code arrives.
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader role="status" aria-label="Chargement de la page" />
          </Center>
        }
      >
        <Page {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload });
}
