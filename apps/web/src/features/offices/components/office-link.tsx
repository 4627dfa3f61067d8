import { Anchor, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface OfficeLinkProps {
  href: string;
  children: ReactNode;
  /** Read by screen readers after the visible words, e.g. the office's city. */
  context?: string;
}

/** Office links are paths of this site (e.g. the office's page, /offices/3) or addresses of the office's own site. */
export function OfficeLink({ href, children, context }: OfficeLinkProps) {
  // The space is a text node of the link itself: accessible-name computation drops spaces inside hidden spans.
  const hidden = context ? (
    <>
      {' '}
      <VisuallyHidden>{context}</VisuallyHidden>
    </>
  ) : null;
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Anchor component={Link} to={href} size="sm">
        {children}
        {hidden}
      </Anchor>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      {children}
      {hidden} <VisuallyHidden>(nouvel onglet)</VisuallyHidden>
    </Anchor>
  );
}
