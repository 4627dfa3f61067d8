import { Alert, Anchor, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { config } from '../../../config/env';

/** Proportional fees of a sale, by bracket (regulated tariff, rates before VAT). */
const FEE_BRACKETS = [
  { upTo: 6_500, rate: 0.0387 },
  { upTo: 17_000, rate: 0.01596 },
  { upTo: 60_000, rate: 0.01064 },
  { upTo: Infinity, rate: 0.00799 },
] as const;
const TRANSFER_TAX_RATE = 0.0580665;
const SECURITY_CONTRIBUTION_RATE = 0.001;
const VAT_RATE = 0.2;
/** Flat estimates of the example: formalities (before VAT) and disbursements. */
const FORMALITIES_BEFORE_VAT = 800;
const DISBURSEMENTS = 1_000;
const EXAMPLE_PRICE = 250_000;

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 3 });
const round = (value: number) => Math.round(value * 100) / 100;

/** The worked example, computed rather than typed, so its figures always add up. */
function exampleOf(price: number) {
  let previous = 0;
  const brackets = FEE_BRACKETS.map(({ upTo, rate }) => {
    const base = Math.max(0, Math.min(price, upTo) - previous);
    const line = { from: previous, upTo, rate, amount: round(base * rate) };
    previous = upTo;
    return line;
  }).filter((b) => b.amount > 0);
  const fees = round(brackets.reduce((sum, b) => sum + b.amount, 0));
  const feesAndFormalities = fees + FORMALITIES_BEFORE_VAT;
  const vat = round(feesAndFormalities * VAT_RATE);
  const taxes = round(price * TRANSFER_TAX_RATE);
  const security = round(Math.max(15, price * SECURITY_CONTRIBUTION_RATE));
  const total = round(feesAndFormalities + vat + taxes + security + DISBURSEMENTS);
  return { brackets, fees, vat, taxes, security, total };
}

const COMPONENTS = [
  ['Les émoluments du notaire', "Sa rémunération pour l'acte, fixée par un tarif national réglementé : un pourcentage dégressif du prix, identique dans toutes les études. Sur les émoluments de plus de 100 000 €, une remise peut être consentie."],
  ['Les droits et taxes', "Collectés par le notaire pour le compte de l'État et des collectivités : droits de mutation (environ 5,81 % du prix pour un logement ancien, jusqu'à 6,32 % dans les départements ayant relevé leur taux), contribution de sécurité immobilière, TVA sur les émoluments. C'est de loin la part la plus importante."],
  ['Les débours', "Les sommes avancées par l'étude pour votre compte : extraits cadastraux, état hypothécaire, documents d'urbanisme, frais de géomètre ou de syndic. Ils sont refacturés à l'euro près."],
  ['Les formalités', "Les démarches accomplies avant et après la signature (demandes de pièces, publication au service de la publicité foncière), rémunérées selon un tarif fixe par formalité."],
] as const;

export default function NotaryFeesPage() {
  const example = exampleOf(EXAMPLE_PRICE);
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
          Exemple : achat d'un appartement ancien à {euros.format(EXAMPLE_PRICE)}
        </Title>
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder striped aria-label="Exemple chiffré">
            <Table.Tbody>
              {example.brackets.map((b) => (
                <Table.Tr key={b.from}>
                  <Table.Td>
                    Émoluments de {euros.format(b.from)} {b.upTo === Infinity ? 'et au-delà' : `à ${euros.format(b.upTo)}`} ({percent.format(b.rate)})
                  </Table.Td>
                  <Table.Td ta="right">{euros.format(b.amount)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>Formalités (estimation, hors TVA)</Table.Td>
                <Table.Td ta="right">{euros.format(FORMALITIES_BEFORE_VAT)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>TVA à 20 % sur émoluments et formalités</Table.Td>
                <Table.Td ta="right">{euros.format(example.vat)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Droits de mutation ({percent.format(TRANSFER_TAX_RATE)})</Table.Td>
                <Table.Td ta="right">{euros.format(example.taxes)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Contribution de sécurité immobilière (0,10 %)</Table.Td>
                <Table.Td ta="right">{euros.format(example.security)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Débours (estimation)</Table.Td>
                <Table.Td ta="right">{euros.format(DISBURSEMENTS)}</Table.Td>
              </Table.Tr>
              <Table.Tr fw={700}>
                <Table.Td>Total estimé</Table.Td>
                <Table.Td ta="right">
                  {euros.format(example.total)} (soit {percent.format(example.total / EXAMPLE_PRICE)} du prix)
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">
          Sur ce total, seuls les émoluments ({euros.format(example.fees)} hors taxes) et les formalités rémunèrent l'étude.
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
