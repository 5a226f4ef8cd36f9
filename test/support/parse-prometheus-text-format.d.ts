/** The little of `parse-prometheus-text-format` the tests use (the package ships no type declarations). */
declare module "parse-prometheus-text-format" {
  /** One series of a family: a value (counter, gauge) or buckets, count and sum (histogram). */
  interface Series {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  /** One metric family as the parser reads it. */
  interface Family {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: Series[];
  }
  /** Parses Prometheus text exposition; throws on a malformed line. */
  export default function parsePrometheusTextFormat(text: string): Family[];
}
