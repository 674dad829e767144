import { LegalDocument, LegalSection } from '../components/legal/legal-document.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { PublicConfig } from '../../server/config.ts'
import { usePublicConfig } from '../lib/public-config.ts'
import type { Route } from './+types/privacy'
import { SiteLink } from '../components/ui/site-link.tsx'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Privacy Policy',
    description:
      'What information we collect when you visit, sign in or contact us, how we use and protect it, the cookies we set and the rights you have.',
    path: '/privacy',
  })

const ANALYTICS_TEXT = {
  none: 'We do not currently use an analytics service. If we add one, it will receive the address of each page you view so we can count visits, and this policy will say so.',
  plausible:
    'A privacy-friendly analytics service receives the address of each page you view so we can count visits. It sets no cookies, does not track you across websites, and we use it for aggregate statistics only.',
  ga4: 'Google Analytics receives the address of each page you view, along with your IP address and basic device information, so we can count visits. It sets the cookies listed in section 5, and we use it for aggregate statistics only.',
} as const satisfies Record<PublicConfig['analytics']['provider'], string>

export default function Privacy() {
  const { siteName, analytics } = usePublicConfig()
  return (
    <LegalDocument title="Privacy Policy">
      <LegalSection id="introduction" number={1} title="Introduction">
        <p>
          {siteName} (“we”, “us”, “our”) is an astronomy and space website with a blog called the
          Cosmic Log, photo and video galleries, space news and sky data, a live radio stream and a
          members area. We respect your privacy and collect as little personal information as we
          can.
        </p>
        <p>
          This Privacy Policy explains what information we collect when you visit the site, sign in
          as a member or send us a message, how we use it, who else is involved, and the choices and
          rights you have. It should be read together with our{' '}
          <SiteLink to="/terms">Terms of Service</SiteLink>. If we change this policy, we will
          update the “Last updated” date above; significant changes will also be announced on the
          site.
        </p>
      </LegalSection>

      <LegalSection id="information-we-collect" number={2} title="Information We Collect">
        <p>You can read everything public on the site without an account. We collect:</p>
        <ul>
          <li>
            <strong>Messages you send us.</strong> When you use the contact form, we receive your
            name, e-mail address, subject and message.
          </li>
          <li>
            <strong>Member account details.</strong> Members sign in with Discord. With your
            permission, Discord shares your Discord user ID, username, e-mail address and avatar
            with us. We never see your Discord password. We keep the display name and avatar with
            your account and record when the account was created.
          </li>
          <li>
            <strong>Technical information.</strong> Like almost every website, our server records
            basic details of each request: the page requested, the time, the response and your IP
            address, which we also use to limit abuse such as repeated sign-in attempts.
          </li>
          <li>
            <strong>Page views.</strong> If analytics is enabled, we count which pages are viewed
            (the page address and, where present, its query), as explained in section 6.
          </li>
          <li>
            <strong>Your preferences.</strong> Your choice of Light, Dark, Auto or Night theme,
            stored in a cookie on your own device.
          </li>
        </ul>
        <p>
          We do not ask for, and ask you not to send us, sensitive information such as health data
          or payment card details.
        </p>
      </LegalSection>

      <LegalSection id="how-we-use-your-information" number={3} title="How We Use Your Information">
        <p>We use the information above only to:</p>
        <ul>
          <li>run the site and keep you signed in while you use the members area;</li>
          <li>show your display name and avatar in the members area and on your profile;</li>
          <li>read and answer the messages you send us;</li>
          <li>
            protect the site and its visitors: preventing abuse and spam, limiting repeated
            attempts, and investigating errors;
          </li>
          <li>
            understand, in aggregate, which articles and pages are useful, so we can make better
            content;
          </li>
          <li>meet our legal obligations.</li>
        </ul>
        <p>
          We do not sell or rent your personal information, and we do not use it to build
          advertising profiles.
        </p>
      </LegalSection>

      <LegalSection id="data-security" number={4} title="Data Security">
        <p>
          We protect your information with reasonable technical and organisational measures. The
          site is served over an encrypted connection. Your sign-in session is kept on our server
          and identified by a random token in a cookie that scripts in the page cannot read; only a
          keyed hash of that token is stored, and signing out ends the session immediately. Access
          to stored information is limited to the site’s administrators.
        </p>
        <p>
          We keep information only as long as we need it: contact messages for as long as it takes
          to answer them and follow up, account details until you ask us to delete your account, and
          server logs for a short period. No method of transmission or storage is completely secure,
          so we cannot guarantee absolute security, but we will act promptly and inform you where
          the law requires if something goes wrong.
        </p>
      </LegalSection>

      <LegalSection id="cookies" number={5} title="Cookies">
        <p>
          Cookies are small text files that a website stores in your browser. We set only the
          cookies the site needs to work; they are not used for tracking or advertising.
          {analytics.provider === 'ga4' &&
            ' Google Analytics, which we use to count visits, sets its own cookies, also listed below.'}
        </p>
        <table>
          <thead>
            <tr>
              <th scope="col">Cookie</th>
              <th scope="col">Purpose</th>
              <th scope="col">Lifetime</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code className="whitespace-nowrap">__Host-session</code> or <code>session</code>
              </td>
              <td>
                Keeps you signed in. Set only when you sign in, marked HttpOnly so page scripts
                cannot read it, and sent only to this site.
              </td>
              <td>30 days, renewed while you use the site; removed when you sign out</td>
            </tr>
            <tr>
              <td>
                <code>theme</code>
              </td>
              <td>Remembers whether you chose the Light, Dark, Auto or Night theme.</td>
              <td>1 year</td>
            </tr>
            {analytics.provider === 'ga4' && (
              <tr>
                <td>
                  <code>_ga</code>, <code className="whitespace-nowrap">_ga_*</code>
                </td>
                <td>Set by Google Analytics to count visits and tell returning visitors apart.</td>
                <td>2 years</td>
              </tr>
            )}
          </tbody>
        </table>
        <p>
          Third-party services described in the next section, such as embedded YouTube videos, may
          set their own cookies under their own policies. You can block or delete cookies in your
          browser settings; without the session cookie you will not be able to sign in, and without
          the theme cookie the site will use its default theme.
        </p>
      </LegalSection>

      <LegalSection id="third-party-services" number={6} title="Third-Party Services">
        <p>
          Parts of the site rely on services run by other companies, each with its own privacy
          policy:
        </p>
        <ul>
          <li>
            <strong>YouTube (Google).</strong> Our videos are hosted on YouTube. When you play an
            embedded video, open a video or use the Subscribe button, YouTube may collect
            information about you and set cookies under Google’s privacy policy.
          </li>
          <li>
            <strong>Discord.</strong> Member sign-in and our community server run on Discord. When
            you sign in, Discord shares the details listed in section 2 after you approve it. Images
            in our community gallery come from a public channel of our Discord server.
          </li>
          <li>
            <strong>Analytics.</strong> {ANALYTICS_TEXT[analytics.provider]}
          </li>
          <li>
            <strong>Live radio.</strong> When you press play, your browser connects directly to our
            radio streaming provider, which receives your IP address to deliver the audio.
          </li>
          <li>
            <strong>Space data and images.</strong> Our server fetches sky data, news and the
            picture of the day from public sources such as NASA and NOAA. Some images, like video
            thumbnails and news pictures, load directly from the services that host them, which see
            your IP address as any website would.
          </li>
        </ul>
        <p>
          Links to other websites are provided for your convenience; we are not responsible for
          their content or their privacy practices.
        </p>
      </LegalSection>

      <LegalSection id="your-privacy-rights" number={7} title="Your Privacy Rights">
        <p>
          Depending on where you live (for example under the GDPR in the European Union and the
          United Kingdom, or under California law), you may have the right to:
        </p>
        <ul>
          <li>access the personal information we hold about you and receive a copy of it;</li>
          <li>have inaccurate information corrected;</li>
          <li>have your information deleted, including your member account;</li>
          <li>object to or restrict how we use your information;</li>
          <li>withdraw your consent at any time, where we rely on it.</li>
        </ul>
        <p>
          You can also stop sharing your Discord details with us at any time by removing our app
          under <em>Authorized Apps</em> in your Discord settings. We will not treat you differently
          for exercising your rights, and you may complain to your local data protection authority.
        </p>
        <p>
          The site is not directed at children under 13, and we do not knowingly collect their
          personal information. If you believe a child has given us personal information, please
          contact us and we will delete it.
        </p>
      </LegalSection>

      <LegalSection id="contact-us" number={8} title="Contact Us">
        <p>
          If you have questions about this Privacy Policy or want to exercise any of your rights,
          please write to us through our <SiteLink to="/contact">contact page</SiteLink>. We aim to
          answer every privacy request within 30 days.
        </p>
      </LegalSection>
    </LegalDocument>
  )
}
