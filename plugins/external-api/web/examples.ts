/**
 * The curl commands the page shows, with the company's real address. Kept free of browser imports: unit tested.
 * The token stays a placeholder: the page never holds a connection's token beyond the test forms.
 */
export const SEND_PATH = '/api/messages/send'

/** The API's address as this browser reaches it (the server serves the web app and the API from one origin). */
export const endpointOf = (origin: string): string => `${origin.replace(/\/+$/, '')}${SEND_PATH}`

export function curlText(origin: string, token: string, number: string, body: string): string {
  const json = JSON.stringify({ number, body }).replace(/'/g, `'\\''`)
  return [`curl -X POST '${endpointOf(origin)}' \\`, `  -H 'Authorization: Bearer ${token}' \\`, `  -H 'Content-Type: application/json' \\`, `  -d '${json}'`].join('\n')
}

export function curlMedia(origin: string, token: string, number: string, fileName: string): string {
  return [
    `curl -X POST '${endpointOf(origin)}' \\`, `  -H 'Authorization: Bearer ${token}' \\`,
    `  -F 'number=${number}' \\`, `  -F 'medias=@${fileName}'`,
  ].join('\n')
}
