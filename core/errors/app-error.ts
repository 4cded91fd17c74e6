/** An error the API answers with its code and status; the code is what the web app translates. */
export class AppError extends Error {
  readonly code: string
  readonly statusCode: number
  readonly details?: unknown

  constructor(code: string, statusCode = 400, details?: unknown, message?: string) {
    super(message ?? code)
    this.code = code
    this.statusCode = statusCode
    this.details = details
  }
}

export const notFound = (code: string): AppError => new AppError(code, 404)
export const forbidden = (code = 'ERR_NO_PERMISSION'): AppError => new AppError(code, 403)
