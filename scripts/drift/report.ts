// Prints drift's findings: undocumented differences in full, documented ones as counts (all with --verbose).
import { DIFFERENCE_KINDS, type Difference } from './difference';

/** One spec operation and what drift found of it. */
export interface OperationFindings {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  /** `package.method` of the platform method it was matched to. */
  readonly platform?: string;
  readonly differences: Difference[];
}

/** A platform call of a covered service that no spec operation declares. */
export interface UndeclaredCall {
  readonly method: string;
  readonly path: string;
  readonly pkg: string;
  readonly name: string;
  /** Listed in the document's `x-undeclared-calls`. */
  readonly documented: boolean;
}

export interface FamilyFindings {
  readonly name: string;
  readonly operations: readonly OperationFindings[];
  /** How many operations have a platform method. */
  readonly matched: number;
  readonly undeclared: readonly UndeclaredCall[];
}

export const printReport = (families: readonly FamilyFindings[], { verbose }: { verbose: boolean }): void => {
  for (const family of families) {
    console.log(`\n== ${family.name}: ${family.operations.length} operations, ${family.matched} matched to platform methods`);
    for (const op of family.operations) {
      const shown = op.differences.filter((d) => verbose || !d.documented);
      if (shown.length === 0) continue;
      console.log(`  ${op.operationId} (${op.method} ${op.path}${op.platform ? ` ~ ${op.platform}` : ''})`);
      for (const d of shown)
        console.log(`    ${d.documented ? 'documented  ' : 'UNDOCUMENTED'} ${d.side} ${d.field}: ${d.kind}: ${d.detail}`);
    }
    const undeclared = family.undeclared.filter((c) => verbose || !c.documented);
    for (const call of undeclared)
      console.log(
        `  ${call.documented ? 'documented  ' : 'UNDOCUMENTED'} undeclared call ${call.method} ${call.path} (${call.pkg} ${call.name})`,
      );
  }
  console.log('\nfamily      undocumented  documented  undeclared(undoc/doc)  by kind (undocumented)');
  for (const family of families) {
    const all = family.operations.flatMap((op) => op.differences);
    const undoc = all.filter((d) => !d.documented);
    const byKind = DIFFERENCE_KINDS.map((k) => [k, undoc.filter((d) => d.kind === k).length] as const).filter(([, n]) => n > 0);
    const und = family.undeclared.filter((c) => !c.documented).length;
    console.log(
      `${family.name.padEnd(12)}${String(undoc.length).padStart(12)}${String(all.length - undoc.length).padStart(12)}${`${und}/${family.undeclared.length - und}`.padStart(23)}  ${byKind.map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );
  }
};
