import AjvCompiler from '@fastify/ajv-compiler'
import SerializerSelector from '@fastify/fast-json-stringify-compiler'

type Compile<F> = (routeSchema: { schema: unknown; method: string; url: string; httpPart?: string }) => F
type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown }
type Serialize = (data: unknown) => string
// What fastify's compilersFactory receives and returns; the two packages' own types are stricter than needed here.
type Factory<F> = (externalSchemas: unknown, options: unknown) => Compile<F>

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
      const compile = validators(external, options)
      return (routeSchema) => {
        let real: Validate | undefined
        const validate: Validate = (data, context) => (real ??= compile(routeSchema))(data, context)
        // Fastify reads the errors of a failed call from the function, and hands Ajv functions (those with a
        // schemaEnv) the parent object so a root value can be coerced: both as with the compiled function.
        Object.defineProperty(validate, 'errors', { get: () => real?.errors })
        validate.schemaEnv = true
        return validate
      }
    },
    buildSerializer: (external, options) => {
      const compile = serializers(external, options)
      return (routeSchema) => {
        let real: Serialize | undefined
        return (data) => (real ??= compile(routeSchema))(data)
      }
    },
  }
}
