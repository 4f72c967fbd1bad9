/** Client-side texts of the error catalogue (spec §8, zh-CN wording from messages.md). */
export const ClientMessages = {
  loginExpired: '登录失效，请重新登录',
  networkError: '网络错误',
  transportError: '请求错误，请稍后再试',
} as const;
