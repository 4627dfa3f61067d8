import 'leaflet/dist/leaflet.css';
import '../lib/leaflet-default-icon';
import { Box, Image, Stack, Text } from '@mantine/core';
import { officePagePath, type NotaryOffice } from '@notadoo/domain';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import { RestrictedHtml } from '../../../components/restricted-html';
import { FRANCE_CENTRE, FRANCE_ZOOM, mapTiles, OFFICE_ZOOM } from '../lib/map-tiles';
import { OfficeLink } from './office-link';

interface NotariesMapProps {
  offices: readonly NotaryOffice[];
  /** Opens the map on this office instead of the whole of France. */
  focusedOffice?: NotaryOffice;
  /** Called when a map tile cannot be loaded (offline, tile server down). */
  onTileError: () => void;
  /** Whether popups link to the office's page; not on that page itself. */
  withPageLinks?: boolean;
}

function OfficePopup({ office, withPageLink }: { office: NotaryOffice; withPageLink: boolean }) {
  return (
    <Stack gap={4} miw={180}>
      {office.image && <Image src={office.image} alt="" h={80} fit="cover" radius="sm" />}
      <Text fw={600}>
        {office.city} – {office.postal_code}
      </Text>
      <Text size="sm" component="div">
        <RestrictedHtml html={office.address} />
      </Text>
      {withPageLink && (
        <OfficeLink href={officePagePath(office.id)} context={`sur l'office de ${office.city}`}>
          En savoir plus
        </OfficeLink>
      )}
    </Stack>
  );
}

/** The network's offices on a map of France, one marker per office with its popup. */
export function NotariesMap({ offices, focusedOffice, onTileError, withPageLinks = true }: NotariesMapProps) {
  const center: [number, number] = focusedOffice ? [focusedOffice.latitude, focusedOffice.longitude] : FRANCE_CENTRE;
  return (
    <Box role="region" aria-label="Carte des études notariales du réseau">
      <MapContainer
        center={center}
        zoom={focusedOffice ? OFFICE_ZOOM : FRANCE_ZOOM}
        // Leaflet rounds zoom levels to whole numbers unless told otherwise; the spec asks for 5.5.
        zoomSnap={0.5}
        scrollWheelZoom={false}
        style={{ height: 'min(60vh, 520px)', minHeight: 320, width: '100%', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <TileLayer url={mapTiles.url} attribution={mapTiles.attribution} eventHandlers={{ tileerror: onTileError }} />
        {offices.map((office) => (
          <Marker
            key={office.id}
            position={[office.latitude, office.longitude]}
            title={`Office notarial de ${office.city}`}
            alt={`Office notarial de ${office.city}`}
          >
            <Popup>
              <OfficePopup office={office} withPageLink={withPageLinks} />
            </Popup>
          </Marker>
        ))}
      </MapContainer>
    </Box>
  );
}
