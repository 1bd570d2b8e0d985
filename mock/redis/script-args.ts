// A Lua script's arguments by name. The names are declared once, in the order the script reads them: the
// script's first lines read ARGV into locals of those names (and `tail`, where what repeats after them starts),
// and a caller hands a record of the same names, which `argv` turns into ARGV in that order. No caller counts
// positions, and a name missing from the record is a type error.

export type ScriptValue = string | number;

export interface ScriptArgs<Name extends string> {
  readonly names: readonly Name[];
  /** The Lua lines that read ARGV into locals of these names and set `tail` to the first index after them. */
  readonly lua: string;
  /** ARGV: the named fields in the declared order, then the repeated tail (records, writes, entries). */
  argv(fields: Readonly<Record<Name, ScriptValue>>, tail?: readonly ScriptValue[]): ScriptValue[];
}

export const scriptArgs = <const Name extends string>(names: readonly Name[]): ScriptArgs<Name> => ({
  names,
  lua: `local ${names.join(', ')} = ${names.map((_, index) => `ARGV[${index + 1}]`).join(', ')}\nlocal tail = ${names.length + 1}\n`,
  argv: (fields, tail = []) => [...names.map((name) => fields[name]), ...tail],
});
