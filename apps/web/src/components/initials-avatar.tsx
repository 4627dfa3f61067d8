import { Avatar, type AvatarProps } from '@mantine/core';
import classes from './initials-avatar.module.css';

/** Up to two initials: the first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => word[0]!.toUpperCase()).join('');
}

/**
 * A decorative avatar (photo, else initials) inside a control named by the
 * person's name: the initials are not text, so the control's visible text is
 * part of its accessible name.
 */
export function InitialsAvatar({ name, src, size }: { name: string; src: string | null; size: AvatarProps['size'] }) {
  return (
    <Avatar src={src} name={name} color="initials" size={size} alt="" aria-hidden>
      <span className={classes.initials} data-initials={initialsOf(name)} />
    </Avatar>
  );
}
