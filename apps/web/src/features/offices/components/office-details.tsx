import { Alert, Anchor, AspectRatio, Button, Center, Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { mailtoHref, officeOwnLink, phoneHref, type NotaryOffice } from '@notadoo/domain';
import { IconMail, IconPhone, IconWorld } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { readApiError } from '../../../api/api-error';
import { PageTitle } from '../../../components/page-title';
import { RestrictedHtml } from '../../../components/restricted-html';
import { useNotaryOffice } from '../api/get-notary-office';
import { NotariesMap } from './notaries-map';
import { OFFICE_IMAGE_RATIO } from './office-card';
import { OfficeLink } from './office-link';

const ALL_OFFICES_LINK = (
  <Anchor component={Link} to="/notaries">
    Voir toutes les études du réseau
  </Anchor>
);

/** How to reach the office: its phone and e-mail as links that a phone or a mail program opens, and its own pages when it has them. */
function OfficeContact({ office, focusOnOpen }: { office: NotaryOffice; focusOnOpen: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // "Contacter l'office" leads to #contact: the reader starts there, keyboard focus included.
  useEffect(() => {
    if (!focusOnOpen || !heading.current) return;
    heading.current.focus();
    heading.current.scrollIntoView?.({ block: 'start' });
  }, [focusOnOpen]);
  const contactPage = officeOwnLink(office.link_contact);
  const site = officeOwnLink(office.link_more_info);
  const nothing = !office.phone && !office.email && !contactPage;
  return (
    <Paper withBorder p="md" radius="md" component="section" id="contact" aria-labelledby="office-contact-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="office-contact-title" ref={heading} tabIndex={-1}>
          Contacter l'office
        </Title>
        {nothing && <Text>Les coordonnées de cet office ne sont pas encore renseignées. Merci de réessayer plus tard.</Text>}
        {office.phone && (
          <Button
            component="a"
            href={phoneHref(office.phone)}
            variant="light"
            leftSection={<IconPhone size={18} aria-hidden />}
            aria-label={`Appeler l'office : ${office.phone}`}
          >
            {office.phone}
          </Button>
        )}
        {office.email && (
          <Button
            component="a"
            href={mailtoHref(office.email)}
            variant="light"
            leftSection={<IconMail size={18} aria-hidden />}
            aria-label={`Écrire à l'office : ${office.email}`}
            styles={{ label: { whiteSpace: 'normal', wordBreak: 'break-all' } }}
          >
            {office.email}
          </Button>
        )}
        {contactPage && <OfficeLink href={contactPage}>Formulaire de contact de l'office</OfficeLink>}
        {site && (
          <Text size="sm">
            <IconWorld size={14} aria-hidden /> <OfficeLink href={site}>Site de l'office</OfficeLink>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The public page of one office (/offices/{id}): address, how to reach it and its marker on the map. */
export function OfficeDetails({ officeId }: { officeId: number | null }) {
  const office = useNotaryOffice(officeId);
  const { hash } = useLocation();
  const [tilesFailed, setTilesFailed] = useState(false);

  if (officeId === null || office.isError) {
    const notFound = officeId === null || readApiError(office.error).status === 404;
    return (
      <Stack gap="md">
        <PageTitle title="Office notarial" />
        <Title order={1}>Office notarial</Title>
        <Alert
          color={notFound ? 'yellow' : 'red'}
          title={notFound ? "Cet office notarial n'existe pas." : "Les informations de cet office n'ont pas pu être chargées."}
        >
          {!notFound && (
            <Button variant="light" color="red" size="xs" mb="xs" onClick={() => void office.refetch()}>
              Réessayer
            </Button>
          )}
          <div>{ALL_OFFICES_LINK}</div>
        </Alert>
      </Stack>
    );
  }
  if (!office.data) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Chargement de l'office notarial" />
      </Center>
    );
  }
  const data = office.data;
  return (
    <Stack gap="lg">
      <PageTitle
        title={`Office notarial de ${data.city}`}
        description={`L'office notarial du réseau à ${data.city} : adresse, téléphone, email et plan d'accès.`}
      />
      <Title order={1}>Office notarial de {data.city}</Title>
      {!data.active && (
        <Alert color="yellow" title="Cet office ne fait plus partie du réseau.">
          Ses coordonnées sont données à titre d'information. {ALL_OFFICES_LINK}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          {data.image && (
            <AspectRatio ratio={OFFICE_IMAGE_RATIO}>
              <Image src={data.image} alt="" fit="contain" radius="md" />
            </AspectRatio>
          )}
          <Stack gap={4} component="section" aria-labelledby="office-address-title">
            <Title order={2} size="h3" id="office-address-title">
              Adresse
            </Title>
            <Text component="div">
              <RestrictedHtml html={data.address} />
            </Text>
          </Stack>
          {data.active && <OfficeContact office={data} focusOnOpen={hash === '#contact'} />}
        </Stack>
        <Stack gap="sm">
          {tilesFailed && (
            <Alert color="yellow" title="Le fond de carte n'a pas pu être chargé." role="status">
              L'adresse de l'office reste indiquée ci-contre.
            </Alert>
          )}
          <NotariesMap offices={[data]} focusedOffice={data} onTileError={() => setTilesFailed(true)} withPageLinks={false} />
          {ALL_OFFICES_LINK}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
