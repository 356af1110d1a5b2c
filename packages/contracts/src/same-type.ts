/**
 * `true` only when A and B accept the same values: `const check: SameType<z.infer<typeof s>, Rec> = true`
 * keeps a schema and a type written elsewhere from drifting apart (a compile error, not a runtime one).
 */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
