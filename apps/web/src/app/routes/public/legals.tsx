import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { config } from '../../../config/env';
import { hasLegalDetails, LEGAL_DETAILS_ON_REQUEST } from '../../../config/legal-identity';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export default function LegalsPage() {
  const name = config.networkName;
  const { company, address, rcs } = config.legalIdentity;
  return (
    <PublicPage
      title="Mentions légales et protection des données"
      description={`Éditeur, hébergement, données personnelles et cookies du site ${name}.`}
    >
      <Section title="Éditeur du site">
        <Text>
          Le site est édité par {company}
          {rcs && `, immatriculée au ${rcs}`}
          {address && `, dont le siège est situé ${address}`}. {hasLegalDetails(config.legalIdentity) ? '' : `${LEGAL_DETAILS_ON_REQUEST} `}
          Directeur de la publication : le représentant légal de la société. Contact :{' '}
          <Anchor component={Link} to="/contact">
            formulaire de contact
          </Anchor>
          .
        </Text>
      </Section>
      <Section title="Hébergement">
        <Text>
          Le site et les données sont hébergés en France, dans des centres de données situés sur le territoire de l'Union européenne, par un
          hébergeur dont les coordonnées sont communiquées sur simple demande.
        </Text>
      </Section>
      <Section title="Propriété intellectuelle">
        <Text>
          Les textes, illustrations et logiciels du site sont protégés par le droit d'auteur. Toute reproduction sans autorisation est
          interdite, à l'exception des documents que vous avez vous-même déposés.
        </Text>
      </Section>
      <Section title="Protection des données personnelles">
        <Text>
          Les données que vous saisissez dans vos dossiers (questionnaires et documents) ne sont visibles que par l'étude notariale que vous
          avez choisie et par les intervenants du dossier selon leur rôle. L'étude est responsable de leur traitement pour l'accomplissement
          de sa mission ; {name} agit comme sous-traitant et ne les exploite à aucune autre fin. Vous pouvez les modifier ou les supprimer à
          tout moment depuis votre dossier.
        </Text>
        <Text>
          Les données de votre compte (nom, prénom, email) servent à vous identifier et à vous envoyer les messages liés à vos dossiers.
          Elles sont conservées tant que votre compte est actif, puis trois ans au plus. Les messages du formulaire de contact sont
          conservés trois ans au plus.
        </Text>
        <Text>
          Conformément au règlement général sur la protection des données et à la loi Informatique et Libertés, vous disposez d'un droit
          d'accès, de rectification, d'effacement, de limitation, de portabilité et d'opposition. Pour l'exercer, écrivez-nous par le{' '}
          <Anchor component={Link} to="/contact">
            formulaire de contact
          </Anchor>{' '}
          ; vous pouvez aussi saisir la CNIL.
        </Text>
      </Section>
      <Section title="Cookies">
        <Text>
          Le site n'utilise aucun cookie publicitaire ni de mesure d'audience tierce. Il dépose uniquement des cookies nécessaires à son
          fonctionnement : le cookie de session qui vous maintient connecté (supprimé à la fermeture du navigateur, ou conservé 30 jours si
          vous cochez « Se souvenir de moi ») et des cookies mémorisant que vous avez déjà vu une aide (30 jours). Aucun cookie n'est
          conservé plus de six mois.
        </Text>
      </Section>
    </PublicPage>
  );
}
