/** Who a served HTTP request acts for, as the one authentication step decided it. */
export interface Principal {
  /** The caller: a token's subject, or a fixed name for the operators' serve token. */
  id: string;
  /** The units this caller may see and call; every unit when absent. */
  units?: string[];
  /** How the caller was authenticated (`token`, `oauth`, `none`). */
  via: string;
}
