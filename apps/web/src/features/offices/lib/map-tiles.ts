/**
 * The map's tile server. Read here rather than in src/config/env.ts because
 * that file belongs to another change; it should move there (with its zod
 * check) when config is next edited. An empty value means "not set".
 */
const OPENSTREETMAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OPENSTREETMAP_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">les contributeurs d’OpenStreetMap</a>';

function readString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export const mapTiles = {
  url: readString(import.meta.env.VITE_MAP_TILE_URL) ?? OPENSTREETMAP_TILE_URL,
  attribution: readString(import.meta.env.VITE_MAP_TILE_ATTRIBUTION) ?? OPENSTREETMAP_ATTRIBUTION,
} as const;

/** Spec section 9: the map opens on France at zoom 5.5. */
export const FRANCE_CENTRE: [number, number] = [46.6, 2.4];
export const FRANCE_ZOOM = 5.5;
/** Zoom used when the page is opened on one office (its "En savoir plus" link). */
export const OFFICE_ZOOM = 12;
