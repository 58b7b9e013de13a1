// The part of autocannon's API this bench uses (the package ships no types).
declare module "autocannon" {
  interface AutocannonResult {
    requests: { average: number; total: number };
    duration: number;
    latency: { p99: number };
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
  }): Promise<AutocannonResult>;
}
