// Reads the platform's REST wire types (an auto_sdk package's build/cjs/meta.d.ts) with the TypeScript compiler API.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

// JSDoc annotations of the SDK that state bounds, mapped to the JSON Schema keyword they mean.
const BOUND_TAGS = {
  minLength: 'minLength',
  maxLength: 'maxLength',
  min: 'minimum',
  max: 'maximum',
  minSize: 'minItems',
  maxSize: 'maxItems',
};

const tagsOf = (node) => {
  const bounds = {};
  let readonly = false;
  let format;
  for (const tag of ts.getJSDocTags(node)) {
    const name = tag.tagName.text;
    const text = ts.getTextOfJSDocComment(tag.comment) ?? '';
    if (name in BOUND_TAGS && /^-?\d+(\.\d+)?$/.test(text.trim())) bounds[BOUND_TAGS[name]] = Number(text.trim());
    if (name === 'readonly') readonly = true;
    if (name === 'format') format = text.trim();
  }
  return { bounds, readonly, format };
};

/**
 * One meta.d.ts file: `methods` maps each SDK method name to its REST request and response shapes; a shape is
 * { kind: 'object', name, props() } | { kind: 'array', items } | { kind: 'enum', name, values }
 * | { kind: 'primitive', type } | { kind: 'any' }.
 */
export const readWireTypes = (file) => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const interfaces = new Map();
  const enums = new Map();
  const aliases = new Map();
  const signatures = new Map();
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
    else if (ts.isEnumDeclaration(statement)) {
      enums.set(
        statement.name.text,
        statement.members.map((m) => (m.initializer && ts.isStringLiteral(m.initializer) ? m.initializer.text : m.name.getText(source))),
      );
    } else if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
    else if (ts.isFunctionDeclaration(statement) && statement.name && statement.type && ts.isTypeReferenceNode(statement.type)) {
      const args = statement.type.typeArguments ?? [];
      if (statement.type.typeName.getText(source) === '__PublicMethodMetaInfo' && args.length === 6) {
        signatures.set(statement.name.text, { request: args[3], response: args[5] });
      }
    }
  }

  const objects = new Map();
  const objectShape = (name) => {
    if (objects.has(name)) return objects.get(name);
    let props;
    const shape = {
      kind: 'object',
      name,
      // Lazy: wire types are recursive (a filter holds filters), the comparison walks only what the spec has.
      props: () => {
        if (props) return props;
        props = new Map();
        const declaration = interfaces.get(name);
        const heritage = (declaration.heritageClauses ?? []).flatMap((clause) => clause.types.map((t) => t.expression.getText(source)));
        for (const parent of heritage) if (interfaces.has(parent)) for (const [k, v] of objectShape(parent).props()) props.set(k, v);
        for (const member of declaration.members) {
          if (!ts.isPropertySignature(member) || !member.type) continue;
          const key = member.name.getText(source).replace(/^['"]|['"]$/g, '');
          props.set(key, { optional: Boolean(member.questionToken), type: shapeOf(member.type), ...tagsOf(member) });
        }
        return props;
      },
    };
    objects.set(name, shape);
    return shape;
  };

  const shapeOf = (node) => {
    if (ts.isParenthesizedTypeNode(node)) return shapeOf(node.type);
    if (ts.isUnionTypeNode(node)) {
      const parts = node.types.filter((t) => !(ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword));
      const literals = parts.filter((t) => ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal)).map((t) => t.literal.text);
      const rest = parts.filter((t) => !(ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal)));
      if (rest.length === 1 && literals.length === 0) return shapeOf(rest[0]);
      const values = new Set(literals);
      for (const t of rest) {
        const inner = shapeOf(t);
        if (inner.kind === 'enum') inner.values.forEach((v) => values.add(v));
        else if (rest.length === 1) return inner;
      }
      return { kind: 'enum', values: [...values] };
    }
    if (ts.isArrayTypeNode(node)) return { kind: 'array', items: shapeOf(node.elementType) };
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(source);
      if (name === 'Date') return { kind: 'primitive', type: 'string', format: 'date-time' };
      if (name === 'Record') return { kind: 'any' };
      if (enums.has(name)) return { kind: 'enum', name, values: enums.get(name) };
      if (aliases.has(name)) return { ...shapeOf(aliases.get(name)), name };
      if (interfaces.has(name)) return objectShape(name);
      return { kind: 'any' };
    }
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { kind: 'primitive', type: 'string' };
      case ts.SyntaxKind.NumberKeyword:
        return { kind: 'primitive', type: 'number' };
      case ts.SyntaxKind.BooleanKeyword:
        return { kind: 'primitive', type: 'boolean' };
      default:
        return { kind: 'any' };
    }
  };

  const methods = new Map();
  for (const [name, { request, response }] of signatures) methods.set(name, { request: shapeOf(request), response: shapeOf(response) });
  return methods;
};
