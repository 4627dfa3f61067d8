import { Alert, Button, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { NotaryOffice } from '@notadoo/domain';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useNotaryOffices } from '../api/get-notary-offices';
import { NotariesMap } from './notaries-map';
import { OfficeCard } from './office-card';

/**
 * An office's "En savoir plus" link leads back to this page with a query
 * (e.g. /notaries?office=paris): the office whose link is the current address
 * is the one to show.
 */
function useFocusedOffice(offices: readonly NotaryOffice[] | undefined): NotaryOffice | undefined {
  const { pathname, search } = useLocation();
  if (!search) return undefined;
  return offices?.find((office) => office.link_more_info === `${pathname}${search}`);
}

function OfficeList({ offices, focusedId }: { offices: readonly NotaryOffice[]; focusedId: number | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
      {offices.map((office) => (
        <OfficeCard key={office.id} office={office} highlight={office.id === focusedId ? 'Sélectionné' : undefined} />
      ))}
    </SimpleGrid>
  );
}

/** The network map page: the map, and always the list of offices, which stays usable without map tiles. */
export function NetworkOffices() {
  const offices = useNotaryOffices();
  const [tilesFailed, setTilesFailed] = useState(false);
  const focused = useFocusedOffice(offices.data);

  return (
    <Stack gap="lg">
      {tilesFailed && (
        <Alert color="yellow" title="Le fond de carte n'a pas pu être chargé." role="status">
          La liste des études notariales ci-dessous reste disponible.
        </Alert>
      )}
      {/* The key re-centres the map when an office link is followed from this same page. */}
      <NotariesMap
        key={focused?.id ?? 'france'}
        offices={offices.data ?? []}
        focusedOffice={focused}
        onTileError={() => setTilesFailed(true)}
      />
      <Title order={2}>Les études du réseau</Title>
      {offices.isPending && (
        <Center py="lg">
          <Loader role="status" aria-label="Chargement des études notariales" />
        </Center>
      )}
      {offices.isError && (
        <Alert color="red" title="La liste des études notariales n'a pas pu être chargée.">
          <Button variant="light" color="red" size="xs" onClick={() => void offices.refetch()}>
            Réessayer
          </Button>
        </Alert>
      )}
      {offices.data && offices.data.length === 0 && <Text>Aucune étude n'est disponible pour l'instant.</Text>}
      {offices.data && <OfficeList offices={offices.data} focusedId={focused?.id} />}
    </Stack>
  );
}
