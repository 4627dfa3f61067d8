import { Anchor, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { config } from '../../../config/env';
import { ContactForm } from '../../../features/contact';

export default function ContactPage() {
  const name = config.networkName;
  return (
    <PublicPage
      title="Contact"
      description={`Contactez le réseau notarial ${name} : rejoindre le réseau, devenir partenaire ou poser une question sur nos services.`}
      intro={`Une question sur ${name}, l'envie de rejoindre le réseau ou de devenir partenaire ? Écrivez-nous : nos équipes vous répondent sous deux jours ouvrés.`}
    >
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="lg" radius="md">
            <ContactForm />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              Votre dossier est déjà ouvert ?
            </Title>
            <Text size="sm">
              Pour toute question sur un dossier en cours, adressez-vous directement à l'étude notariale choisie : ses coordonnées figurent
              dans l'onglet « Office notarial » de votre dossier et sur la{' '}
              <Anchor component={Link} to="/notaries">
                carte du réseau
              </Anchor>
              .
            </Text>
            <Title order={2} size="h4">
              Vos données
            </Title>
            <Text size="sm">
              Les informations de ce formulaire servent uniquement à répondre à votre demande. Elles sont conservées trois ans au plus. Pour
              en savoir plus, consultez nos{' '}
              <Anchor component={Link} to="/legals">
                mentions légales
              </Anchor>
              .
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </PublicPage>
  );
}
