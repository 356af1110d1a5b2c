import type sanitizeHtml from 'sanitize-html';
import { lazyModule } from '../../../platform/lazy-module.ts';

/*
 * Announcement bodies are HTML from a rich-text editor and are shown to every user they reach, so they
 * are cleaned with an allow-list (ARCHITECTURE security model): common formatting, links, images and
 * tables stay; scripts, styles, frames, objects, forms, SVG/MathML, event-handler attributes and any URL
 * that is not http(s), mailto/tel (links only) or relative are removed. `data:` URLs are refused
 * everywhere, images included: images arrive through the upload call and are served by URL.
 */

const colour = /^(#[0-9a-fA-F]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-zA-Z]{3,20})$/;
const length = /^(0|\d{1,4}(\.\d{1,3})?(px|em|rem|%|pt))$/;
const lengths = /^(0|\d{1,4}(\.\d{1,3})?(px|em|rem|%|pt))( (0|\d{1,4}(\.\d{1,3})?(px|em|rem|%|pt))){0,3}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'del',
    'ins',
    'sub',
    'sup',
    'mark',
    'small',
    'blockquote',
    'pre',
    'code',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    '*': ['style'],
  },
  // Only these CSS properties, each with a value pattern: no url(), expression() or position tricks.
  allowedStyles: {
    '*': {
      color: [colour],
      'background-color': [colour],
      'text-align': [/^(left|right|center|justify)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      'font-size': [length, /^(x-small|small|medium|large|x-large|xx-large)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'line-height': [/^\d(\.\d{1,2})?$/, length],
      'padding-left': [length],
      'margin-left': [length],
      'text-indent': [length],
      width: [length, /^auto$/],
      height: [length, /^auto$/],
      'vertical-align': [/^(top|middle|bottom|baseline)$/],
      border: [/^\d{1,2}px (solid|dashed|dotted) (#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$/],
      'border-collapse': [/^(collapse|separate)$/],
      padding: [lengths],
    },
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto', 'tel'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // The text inside these is dropped too, not only the tags.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'select',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new window must not hand the new page a handle on ours.
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      delete out.rel;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else if (out.target !== '_self') delete out.target;
      return { tagName, attribs: out };
    },
  },
};

// listByUser is polled every 6 s by every open page and answers the same few bodies each time.
// Bounded in count and in the size of what it keeps (a long body is simply cleaned each time).
const CACHE_MAX = 200;
const CACHE_MAX_CHARS = 20_000;

// sanitize-html brings a CSS and an HTML parser (some 2 MB of heap): loaded at the first body to clean.
const sanitizer = lazyModule<typeof sanitizeHtml>('sanitize-html');
const cache = new Map<string, string>();

/** The announcement HTML with everything outside the allow-list removed. */
export function sanitizeContent(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizer()(html, OPTIONS);
  if (html.length <= CACHE_MAX_CHARS) {
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(html, clean);
  }
  return clean;
}
