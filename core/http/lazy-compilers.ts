import AjvCompiler from '@fastify/ajv-compiler'
import SerializerSelector from '@fastify/fast-json-stringify-compiler'
import { nullableTypes } from './nullable-types.ts'
import { isBuiltAnswer, writeBuilt } from './built-answers.ts'

type Compile<F> = (routeSchema: { schema: unknown; method: string; url: string; httpPart?: string }) => F
type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown }
type Serialize = (data: unknown) => string
// What fastify's compilersFactory receives and returns; the two packages' own types are stricter than needed here.
type Factory<F> = (externalSchemas: unknown, options: unknown) => Compile<F>

/**
 * The compiled functions of each schema object, by the compiler's inputs (external schemas and options, as JSON: how
 * the two packages key their own pools), shared by the apps of a process: a test process builds hundreds of apps from
 * the same route schemas, and compiling them again for each took a sixth of its CPU. A function is pure for its
 * schema and options (Ajv's `errors` is set and read within one synchronous call); a schema made anew by a build is
 * a new key, dropped with it.
 */
const compiled = { validators: new WeakMap<object, Map<string, Validate>>(), serializers: new WeakMap<object, Map<string, Serialize>>() }

function shared<F>(cache: WeakMap<object, Map<string, F>>, schema: unknown, key: string, compile: () => F): F {
  if (!schema || typeof schema !== 'object') return compile()
  let byKey = cache.get(schema)
  if (!byKey) cache.set(schema, (byKey = new Map()))
  let fn = byKey.get(key)
  if (!fn) byKey.set(key, (fn = compile()))
  return fn
}

/**
 * Fastify's own compilers (Ajv for validation, fast-json-stringify for responses), each route's schema compiled on its
 * first request instead of at start: compiling every route's schemas took about a third of a cold start, and most
 * routes are not called in a process's first seconds. The answers are the same; only the moment of compiling moves.
 */
export function lazyCompilers(): { buildValidator: Factory<Validate>; buildSerializer: Factory<Serialize> } {
  const validators = (AjvCompiler as unknown as () => Factory<Validate>)()
  const serializers = (SerializerSelector as unknown as () => Factory<Serialize>)()
  return {
    buildValidator: (external, options) => {
      const key = JSON.stringify([external, options])
      let compile: Compile<Validate> | undefined
      return (routeSchema) => {
        let real: Validate | undefined
        const validate: Validate = (data, context) =>
          (real ??= shared(compiled.validators, routeSchema.schema, key, () => (compile ??= validators(external, options))(routeSchema)))(data, context)
        // Fastify reads the errors of a failed call from the function, and hands Ajv functions (those with a
        // schemaEnv) the parent object so a root value can be coerced: both as with the compiled function.
        Object.defineProperty(validate, 'errors', { get: () => real?.errors })
        validate.schemaEnv = true
        return validate
      }
    },
    buildSerializer: (external, options) => {
      const key = JSON.stringify([external, options])
      let compile: Compile<Serialize> | undefined
      return (routeSchema) => {
        let real: Serialize | undefined
        // Optional values written by their type, not by a validation per value (nullable-types.ts).
        const build = () => (compile ??= serializers(external, options))({ ...routeSchema, schema: nullableTypes(routeSchema.schema) })
        const bySchema = () => (real ??= shared(compiled.serializers, routeSchema.schema, key, build))
        if (isBuiltAnswer(routeSchema.schema)) return writeBuilt(`${routeSchema.method} ${routeSchema.url}`, bySchema)
        return (data) => bySchema()(data)
      }
    },
  }
}
