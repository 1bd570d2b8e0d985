// What drift reports: one difference between the spec and the platform, and where in the spec it sits.
import type { BoundKeyword } from './wire-types';

/** Every kind of difference, in the order the summary counts them. */
export const DIFFERENCE_KINDS = [
  'no-platform-method',
  'path',
  'encoding',
  'missing-in-spec',
  'not-on-platform',
  'required',
  'bound',
  'enum',
  'shape',
] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

/** Where a field's difference sits in the spec, for the one who documents or fixes it. */
export interface DifferencePlace {
  /** The spec component holding the field. */
  readonly container?: string | undefined;
  /** The field's name in that component. */
  readonly prop?: string;
  /** The component of the field's own schema (undefined where the schema is written inline). */
  readonly node?: string | undefined;
  /** A bound's keyword and the platform's value of it. */
  readonly key?: BoundKeyword;
  readonly value?: number;
  /** The spec's bound where the platform states none. */
  readonly specOnly?: number;
  /** Whether the bound is of an array's items. */
  readonly item?: boolean;
  readonly platformRequired?: boolean;
}

export interface Difference extends DifferencePlace {
  readonly side: 'operation' | 'request' | 'response';
  readonly field: string;
  readonly kind: DifferenceKind;
  readonly detail: string;
  /** An `x-deviation` of the spec explains it. */
  documented: boolean;
}
