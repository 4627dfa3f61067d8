import { PlaceholderPage } from '../../../components/placeholder-page';

export function ContactPage() {
  return (
    <PlaceholderPage
      title="Contact"
      description="Une question sur Notadoo ou sur le réseau ? Écrivez-nous : nos équipes vous répondent rapidement."
    />
  );
}
