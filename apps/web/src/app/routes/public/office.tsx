import { Container } from '@mantine/core';
import { officeIdSchema } from '@notadoo/domain';
import { useParams } from 'react-router';
import { OfficeDetails } from '../../../features/offices/components/office-details';

/** /offices/{id}: an office's public page; an id that is no number shows the not-found notice without a call. */
export function OfficePage() {
  const params = useParams();
  const parsed = officeIdSchema.safeParse({ id: params.id });
  return (
    <Container size="lg" py="xl">
      <OfficeDetails officeId={parsed.success ? parsed.data.id : null} />
    </Container>
  );
}
