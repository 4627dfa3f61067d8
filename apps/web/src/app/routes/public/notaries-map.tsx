import { PlaceholderPage } from '../../../components/placeholder-page';

export function NotariesMapPage() {
  return (
    <PlaceholderPage
      title="Nos études notariales"
      description="Retrouvez sur une carte de France les études notariales du réseau Notadoo."
    />
  );
}
