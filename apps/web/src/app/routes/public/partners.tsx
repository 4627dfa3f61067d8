import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { config } from '../../../config/env';

const GROUPS = [
  {
    title: 'Partenaires institutionnels',
    text: "Les instances de la profession et les acteurs publics avec qui nous travaillons pour que nos outils respectent les règles déontologiques du notariat et les exigences de sécurité de l'acte authentique.",
    examples: [
      'Chambres départementales des notaires',
      'Centres de formation professionnelle notariale',
      'Collectivités et services publics du logement',
    ],
  },
  {
    title: 'Partenaires de développement',
    text: "Les éditeurs et intégrateurs qui nous aident à relier la plateforme aux outils des études, en particulier aux logiciels de rédaction d'actes.",
    examples: [
      "Éditeurs de logiciels de rédaction d'actes",
      'Hébergeurs de données de santé et sensibles certifiés en France',
      'Prestataires de signature électronique qualifiée',
    ],
  },
  {
    title: "Partenaires d'affaires et fournisseurs",
    text: 'Les professionnels qui interviennent autour de la vente et de la succession et dont nos clients ont besoin.',
    examples: ['Agences et réseaux immobiliers', 'Diagnostiqueurs immobiliers', 'Géomètres-experts', 'Courtiers en crédit immobilier'],
  },
  {
    title: 'Autres partenaires',
    text: "Les associations et acteurs de l'accompagnement des particuliers, qui relaient nos informations pratiques sur la vente, la donation et la succession.",
    examples: ['Associations de consommateurs', "Associations d'aide aux familles endeuillées", 'Écoles et universités de droit'],
  },
] as const;

export default function PartnersPage() {
  const name = config.networkName;
  return (
    <PublicPage
      title="Nos partenaires"
      description={`Les partenaires institutionnels, de développement, d'affaires et les fournisseurs du réseau notarial ${name}.`}
      intro={`${name} s'appuie sur des partenaires choisis pour offrir à ses clients et à ses études un service complet et sûr.`}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {GROUPS.map((group) => (
          <Paper key={group.title} withBorder p="lg" radius="md" component="section" aria-label={group.title}>
            <Title order={2} size="h3" mb="xs">
              {group.title}
            </Title>
            <Text size="sm" mb="sm">
              {group.text}
            </Text>
            <Stack gap={4} component="ul" style={{ paddingLeft: '1.2rem', margin: 0 }}>
              {group.examples.map((example) => (
                <Text key={example} component="li" size="sm" c="dimmed">
                  {example}
                </Text>
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Stack align="center" gap="sm" py="lg">
        <Title order={2} size="h3">
          Vous souhaitez devenir partenaire ?
        </Title>
        <Text ta="center" maw={640}>
          Présentez-nous votre activité et la façon dont vous aimeriez travailler avec le réseau : nous revenons vers vous rapidement.
        </Text>
        <Button component={Link} to="/contact" size="md">
          Contactez-nous
        </Button>
      </Stack>
    </PublicPage>
  );
}
