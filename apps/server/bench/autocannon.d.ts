/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number
    p50: number
    p99: number
  }
  export interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    /** Bytes received. */
    throughput: Histogram & { total: number }
    non2xx: number
    errors: number
    timeouts: number
  }
  export default function autocannon(opts: {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
  }): Promise<Result>
}
