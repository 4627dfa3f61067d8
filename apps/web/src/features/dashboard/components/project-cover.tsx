import { Center, Image } from '@mantine/core';
import type { ProjectType } from '@notadoo/domain';
import { IconBuildingCommunity, IconHome } from '@tabler/icons-react';

export const COVERS_BASE = '/uploads/covers';

export function coverUrl(coverImage: string): string {
  return `${COVERS_BASE}/${encodeURIComponent(coverImage)}`;
}

interface ProjectCoverProps {
  coverImage: string | null;
  type?: ProjectType;
}

const COVER_HEIGHT = 120;

/** The project's cover, or a neutral illustration of its type when it has none. Decorative: the name says it all. */
export function ProjectCover({ coverImage, type }: ProjectCoverProps) {
  if (coverImage) return <Image src={coverUrl(coverImage)} alt="" h={COVER_HEIGHT} fit="cover" />;
  const Icon = type === 'succession' ? IconBuildingCommunity : IconHome;
  return (
    <Center h={COVER_HEIGHT} bg="gray.1" c="gray.5" aria-hidden>
      <Icon size={48} stroke={1.2} />
    </Center>
  );
}
