import { useEffect, useState } from 'preact/hooks';
import { Answer, apiGet, Query } from '../api';

/** Loads the given API paths in parallel whenever `id` changes; null while loading. */
export function useAnswers<T extends unknown[]>(id: string, requests: Array<[string, Query?]>): { [K in keyof T]: Answer<T[K]> } | null {
  const [answers, setAnswers] = useState<{ [K in keyof T]: Answer<T[K]> } | null>(null);
  useEffect(() => {
    let current = true;
    setAnswers(null);
    void Promise.all(requests.map(([path, query]) => apiGet(path, query))).then((all) => {
      if (current) setAnswers(all as { [K in keyof T]: Answer<T[K]> });
    });
    return () => {
      current = false;
    };
  }, [id]);
  return answers;
}
