// The whole API: one router per role, composed here. The browser's client is typed from AppRouter.
import { t } from '../trpc/init'
import { seoAdminRouter, topsAdminRouter } from './admin/catalogue'
import { desktopRouter } from './admin/desktop'
import { referenceAdminRouter } from './admin/reference'
import { settingsRouter } from './admin/settings'
import { siteReviewsRouter } from './admin/site-reviews'
import { clientsAdminRouter } from './admin/clients'
import { tutorsAdminRouter } from './admin/tutors'
import { adminsRouter } from './admin/admins'
import { ordersAdminRouter } from './admin/orders'
import { authRouter } from './auth/sign-in'
import { oauthRouter } from './auth/oauth'
import { cataloguePublicRouter } from './public/catalogue'
import { referencePublicRouter } from './public/reference'
import { siteRouter } from './public/site'
import { tutorProfileRouter } from './tutor/profile'
import { staffTutorAvatarRouter } from './admin/tutor-avatar'
import { tutorAccountRouter } from './tutor/account'
import { tutorLevelTestRouter } from './tutor/level-test'
import { tutorPricesRouter } from './tutor/prices'
import { staffTutorPricesRouter } from './admin/tutor-prices'
import { clientAccountRouter } from './client/account'
import { clientOrdersRouter } from './client/orders'
import { clientRequestsRouter } from './client/requests'
import { tutorOrdersRouter } from './tutor/orders'
import { tutorNotificationsRouter } from './tutor/notifications'
import { tutorPaymentsRouter, tutorTopRouter, tutorWalletRouter } from './tutor/payments'
import { paymentNotifyRouter, telephonyWebhookRouter } from './public/integrations'
import { clientChatsRouter } from './client/chats'
import { orderChatAdminRouter } from './admin/order-chat'
import { chatMediaRouter } from './client/chat-media'
import { tutorBillingRouter } from './tutor/billing'
import { staffBillingRouter } from './admin/tutor-billing'
import { merchantsAdminRouter } from './admin/merchants'
import { paymentsAdminRouter } from './admin/payments'
import { emailsAdminRouter, smsAdminRouter } from './admin/messages'
import { staticPagesAdminRouter } from './admin/static-pages'
import { staticPagesPublicRouter } from './public/static-pages'
import { newsAdminRouter } from './admin/news'
import { newsPublicRouter } from './public/news'
import { adsAdminRouter, blogsAdminRouter } from './admin/content'
import { contentPublicRouter } from './public/content'
import { tutorAdsRouter, tutorBlogRouter } from './tutor/content'
import { vacanciesAdminRouter, videosAdminRouter } from './admin/videos'
import { jobsAdminRouter } from './admin/jobs'
import { mediaPublicRouter } from './public/videos'
import { metricsPublicRouter } from './public/metrics'
import { transferAdminRouter } from './admin/transfer'
import { siteBlocksAdminRouter } from './admin/site-blocks'
import { trackingPublicRouter } from './public/tracking'
import { linksAdminRouter } from './admin/links'
import { levelTestPublicRouter } from './public/level-test'
import { levelTestAdminRouter } from './admin/level-test'
import { telephonyAdminRouter } from './admin/telephony'

export const appRouter = t.router({
  auth: t.mergeRouters(authRouter, oauthRouter),
  public: t.router({
    site: siteRouter,
    catalogue: cataloguePublicRouter,
    reference: referencePublicRouter,
    payments: paymentNotifyRouter,
    staticPages: staticPagesPublicRouter,
    news: newsPublicRouter,
    content: contentPublicRouter,
    media: mediaPublicRouter,
    metrics: metricsPublicRouter,
    levelTest: levelTestPublicRouter,
    telephony: telephonyWebhookRouter,
    tracking: trackingPublicRouter,
  }),
  admin: t.router({
    desktop: desktopRouter,
    staff: adminsRouter,
    settings: settingsRouter,
    siteReviews: siteReviewsRouter,
    tops: topsAdminRouter,
    seo: seoAdminRouter,
    reference: referenceAdminRouter,
    tutors: tutorsAdminRouter,
    clients: clientsAdminRouter,
    tutorAvatar: staffTutorAvatarRouter,
    tutorPrices: staffTutorPricesRouter,
    orders: ordersAdminRouter,
    orderChat: orderChatAdminRouter,
    billing: staffBillingRouter,
    merchants: merchantsAdminRouter,
    payments: paymentsAdminRouter,
    emails: emailsAdminRouter,
    sms: smsAdminRouter,
    staticPages: staticPagesAdminRouter,
    news: newsAdminRouter,
    blogs: blogsAdminRouter,
    ads: adsAdminRouter,
    videos: videosAdminRouter,
    vacancies: vacanciesAdminRouter,
    levelTest: levelTestAdminRouter,
    jobs: jobsAdminRouter,
    transfer: transferAdminRouter,
    telephony: telephonyAdminRouter,
    siteBlocks: siteBlocksAdminRouter,
    links: linksAdminRouter,
  }),
  chat: t.router({ media: chatMediaRouter }),
  tutor: t.router({
    profile: tutorProfileRouter,
    prices: tutorPricesRouter,
    account: tutorAccountRouter,
    orders: tutorOrdersRouter,
    notifications: tutorNotificationsRouter,
    payments: tutorPaymentsRouter,
    wallet: tutorWalletRouter,
    top: tutorTopRouter,
    billing: tutorBillingRouter,
    blog: tutorBlogRouter,
    ads: tutorAdsRouter,
    levelTest: tutorLevelTestRouter,
  }),
  clientArea: t.router({
    account: clientAccountRouter,
    orders: clientOrdersRouter,
    requests: clientRequestsRouter,
    chats: clientChatsRouter,
  }), // not `client`: that name collides with the tRPC client's own
})

export type AppRouter = typeof appRouter
export const createCaller = t.createCallerFactory(appRouter)
