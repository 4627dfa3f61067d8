import { Alert, Anchor, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { estimateNotaryFees, NOTARY_FEE_DISCOUNT, NOTARY_FEES_VAT_RATE, SECURITY_CONTRIBUTION, TRANSFER_TAX_RATE } from '@notadoo/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { config } from '../../../config/env';

/** Flat estimates of the example: formalities (before VAT) and disbursements. */
const FLAT_COSTS = { formalities: 800, disbursements: 1_000 };
const EXAMPLE_PRICE = 250_000;

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const wholeEuros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 3 });

/** Amounts never break across lines: on a phone the label wraps instead. */
function Amount({ value }: { value: number }) {
  return (
    <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
      {euros.format(value)}
    </Table.Td>
  );
}

const COMPONENTS = [
  [
    'Les émoluments du notaire',
    `Sa rémunération pour l'acte, fixée par un tarif national réglementé : un pourcentage dégressif du prix, identique dans toutes les études. L'étude peut consentir une remise d'au plus ${percent.format(NOTARY_FEE_DISCOUNT.maxRate)} sur les émoluments calculés sur la part du prix qui dépasse ${wholeEuros.format(NOTARY_FEE_DISCOUNT.fromPrice)} ; son taux est le même pour tous ses clients.`,
  ],
  [
    'Les droits et taxes',
    "Collectés par le notaire pour le compte de l'État et des collectivités : droits de mutation (environ 5,81 % du prix pour un logement ancien, jusqu'à 6,32 % dans les départements ayant relevé leur taux), contribution de sécurité immobilière, TVA sur les émoluments. C'est de loin la part la plus importante.",
  ],
  [
    'Les débours',
    "Les sommes avancées par l'étude pour votre compte : extraits cadastraux, état hypothécaire, documents d'urbanisme, frais de géomètre ou de syndic. Ils sont refacturés à l'euro près.",
  ],
  [
    'Les formalités',
    'Les démarches accomplies avant et après la signature (demandes de pièces, publication au service de la publicité foncière), rémunérées selon un tarif fixe par formalité.',
  ],
] as const;

export default function NotaryFeesPage() {
  const example = estimateNotaryFees(EXAMPLE_PRICE, FLAT_COSTS);
  return (
    <PublicPage
      title="Frais de notaire"
      description="Ce que recouvrent les frais de notaire d'une vente immobilière : émoluments, taxes, débours, provision et devis préalable, avec un exemple chiffré."
      intro="Les « frais de notaire » ne reviennent pas au notaire pour l'essentiel : environ 80 % sont des impôts reversés à l'État et aux collectivités. Voici ce qu'ils recouvrent."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {COMPONENTS.map(([title, text]) => (
          <Paper key={title} withBorder p="lg" radius="md" component="section">
            <Title order={2} size="h4" mb="xs">
              {title}
            </Title>
            <Text size="sm">{text}</Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Stack gap="sm" component="section">
        <Title order={2}>Provision, trop-perçu et devis préalable</Title>
        <List spacing="xs">
          <List.Item>
            Avant la signature, l'acquéreur verse une <strong>provision sur frais</strong> : le notaire doit disposer des fonds pour payer
            les taxes dès la signature.
          </List.Item>
          <List.Item>
            Après l'enregistrement de l'acte, le notaire établit un décompte définitif ; <strong>tout trop-perçu vous est remboursé</strong>{' '}
            dans les meilleurs délais.
          </List.Item>
          <List.Item>
            Sur simple demande, l'étude vous remet un <strong>devis préalable</strong> (« pré-devis » hors taxes et estimation des droits)
            avant tout engagement.
          </List.Item>
        </List>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="fees-example">
        <Title order={2} id="fees-example">
          Exemple : achat d'un appartement ancien à {wholeEuros.format(EXAMPLE_PRICE)}
        </Title>
        <Table withTableBorder striped aria-label="Exemple chiffré">
          <Table.Tbody>
            {example.brackets.map((b) => (
              <Table.Tr key={b.from}>
                <Table.Td>
                  Émoluments de {euros.format(b.from)} {b.upTo === Infinity ? 'et au-delà' : `à ${euros.format(b.upTo)}`} (
                  {percent.format(b.rate)})
                </Table.Td>
                <Amount value={b.amount} />
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td>Formalités (estimation, hors TVA)</Table.Td>
              <Amount value={FLAT_COSTS.formalities} />
            </Table.Tr>
            <Table.Tr>
              <Table.Td>TVA à {percent.format(NOTARY_FEES_VAT_RATE)} sur émoluments et formalités</Table.Td>
              <Amount value={example.vat} />
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Droits de mutation ({percent.format(TRANSFER_TAX_RATE)})</Table.Td>
              <Amount value={example.transferTax} />
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Contribution de sécurité immobilière ({percent.format(SECURITY_CONTRIBUTION.rate)})</Table.Td>
              <Amount value={example.securityContribution} />
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Débours (estimation)</Table.Td>
              <Amount value={FLAT_COSTS.disbursements} />
            </Table.Tr>
            <Table.Tr fw={700}>
              <Table.Td>Total estimé, sans remise (soit {percent.format(example.total / EXAMPLE_PRICE)} du prix)</Table.Td>
              <Amount value={example.total} />
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          Sur ce total, seuls les émoluments ({euros.format(example.fees)} hors taxes) et les formalités rémunèrent l'étude. Avec la remise
          maximale, les émoluments baisseraient ici de {euros.format(example.maxDiscount)} hors taxes :{' '}
          {percent.format(NOTARY_FEE_DISCOUNT.maxRate)} de ceux calculés sur les{' '}
          {wholeEuros.format(EXAMPLE_PRICE - NOTARY_FEE_DISCOUNT.fromPrice)} au-delà de {wholeEuros.format(NOTARY_FEE_DISCOUNT.fromPrice)}.
        </Text>
        <Alert icon={<IconInfoCircle size={18} aria-hidden />} color="blue">
          Exemple indicatif aux taux en vigueur à la date de publication de cette page. Dans un logement neuf, les droits de mutation sont
          réduits à environ 0,7 %. Pour un chiffrage exact de votre projet, demandez un devis à une{' '}
          <Anchor component={Link} to="/notaries" c="inherit" underline="always">
            étude du réseau {config.networkName}
          </Anchor>
          .
        </Alert>
      </Stack>
    </PublicPage>
  );
}
