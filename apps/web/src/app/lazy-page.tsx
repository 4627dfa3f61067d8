import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';

/**
 * A page whose code is fetched when it is first shown, so that a first visit
 * downloads only what its own page needs (the map, the tours, the
 * questionnaires and the admin stay out of the first bundle).
 */
export function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): (props: Props) => ReactElement {
  // React.lazy's own typing cannot follow a component picked by name: the cast only restores what `load` promised.
  const Page = lazy(async () => ({ default: (await load())[name] })) as unknown as ComponentType<Props>;
  return function LazyPage(props: Props) {
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
  };
}
