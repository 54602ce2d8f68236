import {
  BaseType,
  createFormatter,
  createParser,
  createProgram,
  LiteralType,
  SchemaGenerator,
  ts,
  UnionType,
  DEFAULT_CONFIG,
  type CompletedConfig,
  type Definition,
  type SubNodeParser,
  type SubTypeFormatter,
} from 'ts-json-schema-generator';
import type { RouteGroup } from '../kernel/api-routes';

/**
 * Generates the JSON Schema of every JSON answer from the TypeScript types @portal/contracts
 * exports (ts-json-schema-generator reads them with the TypeScript compiler): the source of truth
 * of an answer is its type, as the zod schema is of a request. Needs the compiler, so it runs at
 * build time only: `npm run openapi` writes the result to openapi/response-schemas.json, which the
 * document (and so the server) reads; a unit test regenerates it and fails when the file is stale.
 * Not exported from the package: nothing at run time imports it.
 */

type JsonSchema = Record<string, unknown>;

/**
 * `(typeof FIELDS)[number]` where FIELDS is built from another list (`[...OTHER, 'x'] as const`,
 * `= OTHER`): the generator reads only literal lists, so the literals come from the type checker.
 */
class ConstListElementParser implements SubNodeParser {
  constructor(private readonly checker: ts.TypeChecker) {}

  supportsNode(node: ts.Node): boolean {
    if (!ts.isIndexedAccessTypeNode(node)) return false;
    let object = node.objectType;
    while (ts.isParenthesizedTypeNode(object)) object = object.type;
    return ts.isTypeQueryNode(object) && this.literalsOf(node) !== null;
  }

  createType(node: ts.Node): BaseType {
    const literals = this.literalsOf(node as ts.TypeNode)!.map((value) => new LiteralType(value));
    return literals.length === 1 ? literals[0] : new UnionType(literals);
  }

  /** The list's elements when each is a string or number literal; null otherwise (objects: left to the generator). */
  private literalsOf(node: ts.TypeNode): (string | number)[] | null {
    const type = this.checker.getTypeFromTypeNode(node);
    const members = type.isUnion() ? type.types : [type];
    const values = members.map((m) => (m.isStringLiteral() || m.isNumberLiteral() ? m.value : null));
    return values.every((v) => v !== null) ? (values as (string | number)[]) : null;
  }
}

/**
 * A type inferred from a zod schema (`z.output<typeof schema>`): the generator cannot walk zod's
 * types, so the type checker resolves it to the plain type callers see, described by `describe`.
 */
class ResolvedType extends BaseType {
  constructor(
    readonly id: string,
    readonly type: ts.Type,
  ) {
    super();
  }

  getId(): string {
    return this.id;
  }
}

const ZOD_INFERRED = new Set(['z.output', 'z.infer', 'z.input']);

class ZodInferredParser implements SubNodeParser {
  constructor(private readonly checker: ts.TypeChecker) {}

  supportsNode(node: ts.Node): boolean {
    return (
      ts.isTypeReferenceNode(node) &&
      ZOD_INFERRED.has(node.typeName.getText()) &&
      node.typeArguments?.length === 1 &&
      ts.isTypeQueryNode(node.typeArguments[0])
    );
  }

  createType(node: ts.Node): BaseType {
    return new ResolvedType(
      `resolved-${node.getText()}`,
      this.checker.getTypeFromTypeNode(node as ts.TypeNode),
    );
  }
}

/** JSON Schema of a resolved type: primitives, literals, null, unions, arrays and plain objects. */
class ResolvedTypeFormatter implements SubTypeFormatter {
  constructor(private readonly checker: ts.TypeChecker) {}

  supportsType(type: BaseType): boolean {
    return type instanceof ResolvedType;
  }

  getDefinition(type: BaseType): Definition {
    return this.describe((type as ResolvedType).type) as Definition;
  }

  getChildren(): BaseType[] {
    return [];
  }

  private describe(type: ts.Type): JsonSchema {
    const { checker } = this;
    const flags = type.flags;
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & ts.TypeFlags.BooleanLiteral)
      return { type: 'boolean', const: checker.typeToString(type) === 'true' };
    if (type.isStringLiteral()) return { type: 'string', const: type.value };
    if (type.isNumberLiteral()) return { type: 'number', const: type.value };
    if (flags & ts.TypeFlags.String) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (type.isUnion()) return this.describeUnion(type.types);
    if (checker.isArrayType(type)) {
      return { type: 'array', items: this.describe(checker.getTypeArguments(type as ts.TypeReference)[0]) };
    }
    if (
      flags & ts.TypeFlags.Object &&
      checker.getSignaturesOfType(type, ts.SignatureKind.Call).length === 0
    ) {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const property of checker.getPropertiesOfType(type)) {
        properties[property.name] = this.describe(checker.getTypeOfSymbol(property));
        const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
        if (!optional) required.push(property.name);
      }
      return { type: 'object', properties, required, additionalProperties: false };
    }
    throw new Error(`Cannot describe the type ${checker.typeToString(type)}`);
  }

  /** `string | null` -> `type: ['string', 'null']`; literals of one kind -> `enum`; otherwise `anyOf`. */
  private describeUnion(members: readonly ts.Type[]): JsonSchema {
    const kept = members.filter((m) => !(m.flags & ts.TypeFlags.Undefined));
    if (kept.length === 1) return this.describe(kept[0]);
    const booleans = kept.filter((m) => m.flags & ts.TypeFlags.BooleanLiteral);
    const others = kept.filter((m) => !(m.flags & ts.TypeFlags.BooleanLiteral)).map((m) => this.describe(m));
    const schemas =
      booleans.length === 2
        ? [{ type: 'boolean' }, ...others]
        : [...booleans.map((b) => this.describe(b)), ...others];
    if (schemas.every((s) => Object.keys(s).length === 1 && typeof s.type === 'string')) {
      const types = [...new Set(schemas.map((s) => s.type as string))];
      // As the generator writes them: `null` last.
      return { type: [...types.filter((t) => t !== 'null'), ...types.filter((t) => t === 'null')] };
    }
    return { anyOf: schemas };
  }
}

/** The generator over @portal/contracts' exported types (`root`: services/contracts), with the readers above. */
function contractsGenerator(root: string): SchemaGenerator {
  const config: CompletedConfig = {
    ...DEFAULT_CONFIG,
    path: `${root}/src/index.ts`,
    tsconfig: `${root}/tsconfig.build.json`,
    // Exported types become components (referenced by name); the others are written inline.
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    // The typecheck of the build already ran; the generator only reads the types.
    skipTypeCheck: true,
    additionalProperties: false,
    // Properties in the order the type declares them.
    sortProps: false,
  };
  const program = createProgram(config);
  const parser = createParser(program, config, (chain) => {
    chain.addNodeParser(new ConstListElementParser(program.getTypeChecker()));
    chain.addNodeParser(new ZodInferredParser(program.getTypeChecker()));
  });
  const formatter = createFormatter(config, (chain) => {
    chain.addTypeFormatter(new ResolvedTypeFormatter(program.getTypeChecker()));
  });
  return new SchemaGenerator(program, parser, formatter, config);
}

/** `VehicleView[]` -> `VehicleView`: the exported type a JSON answer names (an array of it or itself). */
export function responseTypeName(declared: string): string {
  return declared.endsWith('[]') ? declared.slice(0, -2) : declared;
}

/** Every type the routes' JSON answers name, once each, sorted. */
export function responseTypeNames(groups: readonly RouteGroup[]): string[] {
  const names = groups.flatMap((g) =>
    g.routes.flatMap((r) => (r.response.kind === 'json' ? [responseTypeName(r.response.type)] : [])),
  );
  return [...new Set(names)].sort();
}

/**
 * The component schemas of the named types and of every exported type they use, by name (sorted):
 * OpenAPI 3.1's dialect (JSON Schema 2020-12), `$ref`s pointing into `#/components/schemas/`.
 * `contractsRoot`: the folder services/contracts. Throws when a name is not a type @portal/contracts
 * exports.
 */
export function generateResponseSchemas(
  names: readonly string[],
  contractsRoot: string,
): Record<string, JsonSchema> {
  const generator = contractsGenerator(contractsRoot);
  const schemas: Record<string, JsonSchema> = {};
  for (const name of names) {
    let definitions: Record<string, unknown>;
    try {
      definitions = (generator.createSchema(name).definitions ?? {}) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`The JSON answer type '${name}' is not a type @portal/contracts exports`, {
        cause: error,
      });
    }
    if (!(name in definitions)) throw new Error(`No schema generated for '${name}'`);
    for (const [key, schema] of Object.entries(definitions)) {
      schemas[key] = toOpenApi31(schema) as JsonSchema;
    }
  }
  return Object.fromEntries(
    Object.keys(schemas)
      .sort()
      .map((key) => [key, schemas[key]]),
  );
}

/**
 * Draft-07 (the generator's dialect) to 2020-12: references into components, tuples as
 * `prefixItems` (with `items` for the rest). `type: ['string', 'null']` is the same in both.
 */
function toOpenApi31(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi31);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.replace(/^#\/definitions\//, '#/components/schemas/');
    } else if (key === 'items' && Array.isArray(value)) {
      out.prefixItems = toOpenApi31(value);
    } else if (key === 'additionalItems') {
      out.items = toOpenApi31(value);
    } else {
      out[key] = toOpenApi31(value);
    }
  }
  return out;
}
