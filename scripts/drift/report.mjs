// Prints drift's findings: undocumented differences in full, documented ones as counts (all with --verbose).
const KINDS = ['no-platform-method', 'path', 'encoding', 'missing-in-spec', 'not-on-platform', 'required', 'bound', 'enum', 'shape'];

export const printReport = (families, { verbose }) => {
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
    const byKind = KINDS.map((k) => [k, undoc.filter((d) => d.kind === k).length]).filter(([, n]) => n > 0);
    const und = family.undeclared.filter((c) => !c.documented).length;
    console.log(
      `${family.name.padEnd(12)}${String(undoc.length).padStart(12)}${String(all.length - undoc.length).padStart(12)}${`${und}/${family.undeclared.length - und}`.padStart(23)}  ${byKind.map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );
  }
};
