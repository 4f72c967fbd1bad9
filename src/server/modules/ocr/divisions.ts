/**
 * 6-digit administrative division code (GB/T 2260) → province / city / district names,
 * from the `@vant/area-data` package (province_list / city_list / county_list keyed by code).
 *
 * ID numbers keep the code of the place where they were issued, which may have been retired since
 * (e.g. 110104 宣武区, merged into 西城区 in 2010). Unknown lower levels are dropped rather than
 * guessed: such a code yields the province and, when known, the city, with `exact: false`.
 */
import { areaList } from '@vant/area-data';

export interface Division {
  code: string;
  province: string;
  /** For a municipality (北京/天津/上海/重庆) the city is the municipality itself. */
  city: string;
  /** '' when the code names a province or city, or when the district is unknown. */
  district: string;
  /** The non-empty levels, in order, without repeats of a directly administered county. */
  names: string[];
  /** False when some level of the code was not found (a retired or unknown code). */
  exact: boolean;
}

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);
/** city_list entries that group counties directly under a province rather than name a city. */
const PLACEHOLDER_CITIES = new Set(['县', '市辖区', '省直辖县', '省直辖县级行政区划', '自治区直辖县级行政区划']);
/** Residence permits for Taiwan residents use 83xxxx (GB/T 2260 itself uses 71xxxx). */
const EXTRA_PROVINCES: Record<string, string> = { '830000': '台湾省' };

const provinces = areaList.province_list as Record<string, string>;
const cities = areaList.city_list as Record<string, string>;
const counties = areaList.county_list as Record<string, string>;

/** Looks a 6-digit code up; null when it is malformed or its province is unknown. */
export function lookupDivision(code: string): Division | null {
  if (!/^\d{6}$/.test(code)) return null;
  const pCode = `${code.slice(0, 2)}0000`;
  const province = provinces[pCode] ?? EXTRA_PROVINCES[pCode];
  if (!province) return null;
  const result = (city: string, district: string, exact: boolean): Division => ({
    code,
    province,
    city,
    district,
    // The municipality repeats as its own city ("北京市/北京市/朝阳区"), as the usual cascaders show it.
    names: [province, ...(city ? [city] : []), ...(district && district !== city ? [district] : [])],
    exact,
  });
  if (code === pCode) return result('', '', true);

  const municipality = MUNICIPALITIES.has(code.slice(0, 2));
  const cCode = `${code.slice(0, 4)}00`;
  let city = cities[cCode];
  const placeholder = city !== undefined && PLACEHOLDER_CITIES.has(city);
  if (municipality && (city === undefined || placeholder)) city = province;

  if (code === cCode) {
    if (city === undefined || (placeholder && !municipality)) return result('', '', false);
    return result(city, '', true);
  }

  const district = counties[code];
  if (city === undefined) return result('', '', false);
  if (placeholder && !municipality) {
    // 省直辖县级行政区划 (e.g. 429004 仙桃市): the county stands in for the city level.
    return district ? result(district, '', true) : result('', '', false);
  }
  return district ? result(city, district, true) : result(city, '', false);
}

/** The names joined by '/', e.g. "北京市/北京市/朝阳区"; '' for an unknown code. */
export function divisionText(code: string): string {
  return lookupDivision(code)?.names.join('/') ?? '';
}
