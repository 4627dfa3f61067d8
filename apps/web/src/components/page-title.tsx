import { config } from '../config/env';

/** Sets the tab title (and, for public pages, the search engines' description); React 19 hoists both into the head. */
export function PageTitle({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <title>{`${title} – ${config.networkName}`}</title>
      {description && <meta name="description" content={description} />}
    </>
  );
}
