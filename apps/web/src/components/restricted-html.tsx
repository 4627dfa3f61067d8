import { Fragment, type ReactNode } from 'react';

/** The only markup kept from HTML written by the network (office addresses): no attribute survives. */
const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em']);
/** Elements whose text must not show either. */
const DROPPED_TAGS = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title']);

function toNodes(nodes: NodeListOf<ChildNode>, keyPrefix: string): ReactNode[] {
  return Array.from(nodes).flatMap((node, index): ReactNode[] => {
    const key = `${keyPrefix}${index}`;
    if (node.nodeType === Node.TEXT_NODE) return [node.textContent ?? ''];
    if (node.nodeType !== Node.ELEMENT_NODE) return [];
    const tag = (node as Element).tagName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) return [];
    const children = toNodes(node.childNodes, `${key}.`);
    if (!ALLOWED_TAGS.has(tag)) return [<Fragment key={key}>{children}</Fragment>];
    if (tag === 'br') return [<br key={key} />];
    const Tag = tag as 'p' | 'strong' | 'em';
    return [<Tag key={key}>{children}</Tag>];
  });
}

/**
 * Turns stored HTML into React elements keeping only p, br, strong and em,
 * without attributes; any other element is unwrapped to its text. Built as
 * React elements, never as an HTML string, so nothing can be injected.
 */
export function toRestrictedNodes(html: string): ReactNode[] {
  // DOMParser documents are inert: scripts do not run and images do not load.
  const document = new DOMParser().parseFromString(html, 'text/html');
  return toNodes(document.body.childNodes, '');
}

export function RestrictedHtml({ html }: { html: string }) {
  return <>{toRestrictedNodes(html)}</>;
}
