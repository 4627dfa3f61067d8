import { Anchor } from '@mantine/core';

export const MAIN_CONTENT_ID = 'contenu';

/** Lets keyboard users jump over the header; visible only when focused. */
export function SkipLink() {
  return (
    <Anchor
      href={`#${MAIN_CONTENT_ID}`}
      pos="absolute"
      left={-10000}
      top={8}
      p="xs"
      bg="white"
      style={{ zIndex: 1100 }}
      onFocus={(event) => event.currentTarget.style.setProperty('left', '8px')}
      onBlur={(event) => event.currentTarget.style.setProperty('left', '-10000px')}
    >
      Aller au contenu
    </Anchor>
  );
}
