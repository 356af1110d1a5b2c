/**
 * Hierarchical org codes (JEECG-API §4.2, YouBianCodeUtil): each level is one letter and two digits;
 * roots are A01…A99, then B01…; a child appends its own segment to the parent's code.
 */
const SEGMENT = /^[A-Z]\d{2}$/;

export function nextSegment(last: string | null): string {
  if (!last) return 'A01';
  if (!SEGMENT.test(last)) throw new Error(`bad org code segment ${last}`);
  const letter = last.charCodeAt(0);
  const num = Number(last.slice(1));
  if (num < 99) return `${last[0]}${String(num + 1).padStart(2, '0')}`;
  if (letter < 'Z'.charCodeAt(0)) return `${String.fromCharCode(letter + 1)}01`;
  return `${last}A01`;
}

/** The next child code under `parentCode` ('' for roots), given the greatest existing sibling code. */
export function nextOrgCode(parentCode: string, greatestSibling: string | null): string {
  if (!greatestSibling) return `${parentCode}A01`;
  const own = greatestSibling.slice(parentCode.length);
  // After Z99 a level grows a segment: Z99 → Z99A01 is still unique and sorts after its siblings.
  if (own.length > 3) return `${parentCode}${own.slice(0, -3)}${nextSegment(own.slice(-3))}`;
  return `${parentCode}${nextSegment(own)}`;
}
