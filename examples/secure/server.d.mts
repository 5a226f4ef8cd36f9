export declare function startSecureServer(options?: {
  apiPort?: number;
  issuerPort?: number;
  journalToken?: string;
  clientSecret?: string;
}): Promise<{ url: string; issuer: string; close(): Promise<void> }>;
