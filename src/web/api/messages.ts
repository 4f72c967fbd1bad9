/** Client-side texts of the error catalogue (zh-CN wording). */
export const ClientMessages = {
  loginExpired: '登录失效，请重新登录',
  networkError: '网络错误',
  transportError: '请求错误，请稍后再试',
} as const;
