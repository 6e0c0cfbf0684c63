import { type SearchRequest, type SearchResultDto } from '@councilpay/domain';
import { FETCH_MIN_DELAY_MS } from '../../shared/constants';
import { api } from '../../shared/api/client';

/** POST /api/search: the payable, then the items depending on it; ApiError with the API's code otherwise. */
export function searchPayables(request: SearchRequest, signal?: AbortSignal): Promise<SearchResultDto[]> {
  return api.request<SearchResultDto[]>('/search', {
    method: 'POST',
    body: request,
    signal,
    minDelayMs: FETCH_MIN_DELAY_MS,
  });
}
