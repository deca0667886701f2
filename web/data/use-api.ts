// useSWR with its error typed. SWR types `error` as `any` unless each call names it, so every
// screen's `const { error } = …` was untyped. What the fetchers here throw is an Error:
// ApiRequestError from json() and page(), fetch's TypeError when the network is gone.
import useSWR, { type Fetcher, type Key, type SWRConfiguration, type SWRResponse } from 'swr';

export function useApi<Data, K extends Key>(
  key: K,
  fetcher: Fetcher<Data, K> | null,
  config?: SWRConfiguration<Data, Error, Fetcher<Data, K>>,
): SWRResponse<Data, Error> {
  return useSWR<Data, Error, K>(key, fetcher, config);
}
