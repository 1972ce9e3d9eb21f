// s3rver ships no types; the part the tests use.
declare module 's3rver' {
  export default class S3rver {
    constructor(o: {
      port?: number
      address?: string
      directory: string
      silent?: boolean
      configureBuckets?: { name: string }[]
    })
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
