/** The body of every error the API returns. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}
