import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { ADMIN_MESSAGES, type Session } from '@notadoo/domain';
import { IconPhoto } from '@tabler/icons-react';
import { avatarUrl, fullNameOf } from '../../../components/layout/user-menu';
import { notifyError, notifySuccess, SHORT_TOAST_DURATION_MS } from '../../../lib/notify';
import { useUploadAvatar } from '../api/profile';

const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp';

/** Photo, 104 px; the server checks the file by content and resizes it. */
export function AvatarSection({ session }: { session: Session }) {
  const upload = useUploadAvatar();
  const onFile = (file: File | null) => {
    if (!file) return;
    upload.mutate(
      { email: session.email, file },
      {
        onSuccess: () => notifySuccess(ADMIN_MESSAGES.avatarUpdated, SHORT_TOAST_DURATION_MS),
        onError: () => notifyError(ADMIN_MESSAGES.avatarFailed),
      },
    );
  };
  return (
    <Group gap="lg">
      <Avatar src={avatarUrl(session.avatar)} name={fullNameOf(session)} color="initials" size={104} alt="Votre photo de profil" />
      <Stack gap="xs">
        <FileButton onChange={onFile} accept={ACCEPTED}>
          {(props) => (
            <Button {...props} leftSection={<IconPhoto size={16} aria-hidden />} loading={upload.isPending} variant="light">
              Changer ma photo
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Image PNG, JPEG, GIF ou WebP de 5 Mo au plus. Elle sera recadrée en carré.
        </Text>
      </Stack>
    </Group>
  );
}
