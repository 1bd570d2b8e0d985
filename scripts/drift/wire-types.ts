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
} as const;

/** A JSON Schema bound keyword an SDK annotation can state. */
export type BoundKeyword = (typeof BOUND_TAGS)[keyof typeof BOUND_TAGS];
export type Bounds = Partial<Record<BoundKeyword, number>>;

const BOUND_KEYWORDS: readonly string[] = Object.values(BOUND_TAGS);
export const isBoundKeyword = (key: string): key is BoundKeyword => BOUND_KEYWORDS.includes(key);
const isBoundTag = (name: string): name is keyof typeof BOUND_TAGS => Object.hasOwn(BOUND_TAGS, name);

/** A field of a wire message: its type and what its JSDoc annotations say of it. */
export interface WireProperty {
  readonly optional: boolean;
  readonly type: WireShape;
  readonly bounds: Bounds;
  readonly readonly: boolean;
  readonly format: string | undefined;
}

/** A message type; its fields are read when first asked for. */
export interface WireObject {
  readonly kind: 'object';
  readonly name: string;
  readonly props: () => Map<string, WireProperty>;
}

/** A wire type; `name` is the declaration (interface, enum or alias) it was read from, when it has one. */
export type WireShape =
  | WireObject
  | { readonly kind: 'array'; readonly name?: string; readonly items: WireShape }
  | { readonly kind: 'enum'; readonly name?: string; readonly values: string[] }
  | { readonly kind: 'primitive'; readonly name?: string; readonly type: 'string' | 'number' | 'boolean'; readonly format?: string }
  | { readonly kind: 'any'; readonly name?: string };

/** The REST request and response messages of one SDK method. */
export interface WireMethod {
  readonly request: WireShape;
  readonly response: WireShape;
}

const tagsOf = (node: ts.Node): Pick<WireProperty, 'bounds' | 'readonly' | 'format'> => {
  const bounds: Bounds = {};
  let readonly = false;
  let format: string | undefined;
  for (const tag of ts.getJSDocTags(node)) {
    const name = tag.tagName.text;
    const text = ts.getTextOfJSDocComment(tag.comment) ?? '';
    if (isBoundTag(name) && /^-?\d+(\.\d+)?$/.test(text.trim())) bounds[BOUND_TAGS[name]] = Number(text.trim());
    if (name === 'readonly') readonly = true;
    if (name === 'format') format = text.trim();
  }
  return { bounds, readonly, format };
};

const stringLiteralOf = (node: ts.TypeNode): string | undefined =>
  ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) ? node.literal.text : undefined;

/** One meta.d.ts file: each SDK method name with its REST request and response shapes. */
export const readWireTypes = (file: string): Map<string, WireMethod> => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const enums = new Map<string, string[]>();
  const aliases = new Map<string, ts.TypeNode>();
  const signatures = new Map<string, { request: ts.TypeNode; response: ts.TypeNode }>();
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
      const [request, response] = [args[3], args[5]];
      if (statement.type.typeName.getText(source) === '__PublicMethodMetaInfo' && args.length === 6 && request && response) {
        signatures.set(statement.name.text, { request, response });
      }
    }
  }

  const objects = new Map<string, WireObject>();
  const objectShape = (name: string): WireObject => {
    const known = objects.get(name);
    if (known) return known;
    let props: Map<string, WireProperty> | undefined;
    const shape: WireObject = {
      kind: 'object',
      name,
      // Lazy: wire types are recursive (a filter holds filters), the comparison walks only what the spec has.
      props: () => {
        if (props) return props;
        const own = new Map<string, WireProperty>();
        props = own;
        const declaration = interfaces.get(name);
        if (!declaration) return own;
        const heritage = (declaration.heritageClauses ?? []).flatMap((clause) => clause.types.map((t) => t.expression.getText(source)));
        for (const parent of heritage) if (interfaces.has(parent)) for (const [k, v] of objectShape(parent).props()) own.set(k, v);
        for (const member of declaration.members) {
          if (!ts.isPropertySignature(member) || !member.type) continue;
          const key = member.name.getText(source).replace(/^['"]|['"]$/g, '');
          own.set(key, { optional: Boolean(member.questionToken), type: shapeOf(member.type), ...tagsOf(member) });
        }
        return own;
      },
    };
    objects.set(name, shape);
    return shape;
  };

  const shapeOf = (node: ts.TypeNode): WireShape => {
    if (ts.isParenthesizedTypeNode(node)) return shapeOf(node.type);
    if (ts.isUnionTypeNode(node)) {
      const parts = node.types.filter((t) => !(ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword));
      const literals = parts.map(stringLiteralOf).filter((text) => text !== undefined);
      const rest = parts.filter((t) => stringLiteralOf(t) === undefined);
      const [only] = rest;
      if (only && rest.length === 1 && literals.length === 0) return shapeOf(only);
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
      const values = enums.get(name);
      if (values) return { kind: 'enum', name, values };
      const alias = aliases.get(name);
      if (alias) return { ...shapeOf(alias), name };
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

  const methods = new Map<string, WireMethod>();
  for (const [name, { request, response }] of signatures) methods.set(name, { request: shapeOf(request), response: shapeOf(response) });
  return methods;
};
