import { Anchor, Button, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { config } from '../../../config/env';
import { hasLegalDetails, LEGAL_DETAILS_ON_REQUEST } from '../../../config/legal-identity';

const OBJECTIVES = [
  [
    'Simplifier',
    'Un seul dossier en ligne, des questionnaires clairs et guidés : fini les allers-retours de courriers et les pièces égarées.',
  ],
  ['Rassurer', "Chaque client suit l'avancement de son dossier en temps réel et sait à tout moment ce qu'il reste à fournir."],
  ['Protéger', "Les données ne sont visibles que par l'étude choisie, hébergées en France et chiffrées lors de leurs échanges."],
  ['Rapprocher', "Un maillage d'études indépendantes partout en France, qui partagent les mêmes outils et les mêmes exigences de qualité."],
] as const;

export default function NetworkPresentationPage() {
  const name = config.networkName;
  const { legalIdentity } = config;
  return (
    <PublicPage
      title={`Le réseau notarial ${name}`}
      description={`Histoire, concept, services et adhésion : découvrez le réseau notarial ${name}, des études indépendantes réunies autour du dossier notarial en ligne.`}
      intro={`${name} réunit des offices notariaux indépendants qui ont fait le choix d'un service moderne, transparent et proche de leurs clients.`}
    >
      <Stack gap="sm" component="section">
        <Title order={2}>Notre histoire</Title>
        <Text>
          Le réseau est né de l'initiative de notaires qui constataient qu'une vente ou une succession commence presque toujours par des
          semaines de collecte d'informations et de pièces, par courrier, téléphone et email. Ils ont imaginé un espace unique où le client
          prépare son dossier à son rythme et où l'étude le reçoit complet et structuré. D'abord utilisé par quelques offices, l'outil a été
          ouvert à d'autres études partageant la même vision : ainsi est né le réseau {name}.
        </Text>
      </Stack>
      <Stack gap="sm" component="section">
        <Title order={2}>Le concept : quatre objectifs</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {OBJECTIVES.map(([title, text]) => (
            <Paper key={title} withBorder p="md" radius="md">
              <Title order={3} size="h5" mb={4}>
                {title}
              </Title>
              <Text size="sm">{text}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
      <Stack gap="sm" component="section">
        <Title order={2}>Nos services</Title>
        <List spacing="xs">
          <List.Item>Ventes immobilières : appartement, maison, terrain, pour le vendeur comme pour l'acquéreur.</List.Item>
          <List.Item>Successions : règlement de la succession avec les héritiers et le conjoint survivant.</List.Item>
          <List.Item>Bilan patrimonial : un état des lieux de votre patrimoine pour préparer l'avenir et la transmission.</List.Item>
          <List.Item>Collaboration avec les agents immobiliers, qui participent aux dossiers de leurs clients.</List.Item>
          <List.Item>Transfert des pièces vers le logiciel de rédaction d'actes de l'étude.</List.Item>
        </List>
      </Stack>
      <Stack gap="sm" component="section">
        <Title order={2}>Rejoindre le réseau</Title>
        <Text>
          Vous êtes notaire et souhaitez proposer ce service à vos clients ? L'adhésion est ouverte aux offices de toute la France. Nous
          vous présentons la plateforme, paramétrons votre étude et formons vos collaborateurs ; votre office apparaît ensuite sur la{' '}
          <Anchor component={Link} to="/notaries">
            carte du réseau
          </Anchor>
          . Vous conservez votre indépendance, votre clientèle et vos outils.
        </Text>
      </Stack>
      <Stack gap="sm" component="section">
        <Title order={2}>Siège social</Title>
        <Text>
          {legalIdentity.company}
          {legalIdentity.address && (
            <>
              <br />
              {legalIdentity.address}
            </>
          )}
          {legalIdentity.rcs && (
            <>
              <br />
              {legalIdentity.rcs}
            </>
          )}
        </Text>
        {!hasLegalDetails(legalIdentity) && <Text>{LEGAL_DETAILS_ON_REQUEST}</Text>}
        <Button component={Link} to="/contact" w="fit-content">
          Nous contacter
        </Button>
      </Stack>
    </PublicPage>
  );
}
