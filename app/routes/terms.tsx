import { LegalDocument, LegalSection } from '../components/legal/legal-document.tsx'
import { pageMeta } from '../lib/meta.ts'
import { usePublicConfig } from '../lib/public-config.ts'
import type { Route } from './+types/terms'
import { SiteLink } from '../components/ui/site-link.tsx'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Terms of Service',
    description:
      'The rules for using the site, its member accounts and community, our content and third-party services, and the limits of our responsibility.',
    path: '/terms',
  })

export default function Terms() {
  const { siteName } = usePublicConfig()
  return (
    <LegalDocument title="Terms of Service">
      <LegalSection id="acceptance-of-terms" number={1} title="Acceptance of Terms">
        <p>
          These Terms of Service govern your use of {siteName} (“we”, “us”, “our”), including the
          Cosmic Log blog, galleries, sky data pages, the live radio stream and the members area. By
          using the site you agree to these terms. If you do not agree, please do not use the site.
        </p>
        <p>
          Our <SiteLink to="/privacy">Privacy Policy</SiteLink> explains how we handle your personal
          information and forms part of these terms.
        </p>
      </LegalSection>

      <LegalSection id="use-of-the-site" number={2} title="Use of the Site">
        <p>
          You may use the site for your personal, non-commercial enjoyment and learning. When you
          use it, you agree not to:
        </p>
        <ul>
          <li>break any law or infringe anyone else’s rights;</li>
          <li>
            try to gain access to accounts, administrative areas or systems that are not yours, or
            probe, scan or test the site’s security without our written permission;
          </li>
          <li>
            disrupt the site, for example by sending automated requests at a rate that burdens it,
            or by uploading malicious code;
          </li>
          <li>copy or scrape the site’s content in bulk, or use it to train commercial systems;</li>
          <li>use the contact form to send spam, advertising or abusive messages.</li>
        </ul>
      </LegalSection>

      <LegalSection id="member-accounts" number={3} title="Member Accounts">
        <p>
          Members sign in with their Discord account. You are responsible for keeping your Discord
          account secure and for activity that happens through your membership. You must be at least
          13 years old, or the minimum age required by Discord in your country, to become a member.
        </p>
        <p>
          We may suspend or close a membership that breaks these terms or puts the site or its
          community at risk. You can stop using your membership at any time and ask us to delete
          your account through our <SiteLink to="/contact">contact page</SiteLink>.
        </p>
      </LegalSection>

      <LegalSection id="intellectual-property" number={4} title="Content and Intellectual Property">
        <p>
          The articles, photographs, videos, graphics, logos and design of the site belong to us or
          to those who licensed them to us, and are protected by copyright and other laws. You are
          welcome to share links to our pages and to quote short excerpts with a credit and a link
          back. Please ask us before republishing anything in full.
        </p>
        <p>
          Some content comes from others: news headlines and images belong to their publishers,
          space agency images are used under their own terms, and photos in the community gallery
          belong to the members who took them. Their rights are theirs, not ours to grant.
        </p>
      </LegalSection>

      <LegalSection id="community-conduct" number={5} title="Community and User Content">
        <p>
          Our community lives on Discord, where Discord’s own terms and our server rules apply. Be
          kind, stay on topic and help beginners: everyone was new to the night sky once.
          Harassment, hate speech and spam are not tolerated.
        </p>
        <p>
          When you share a photo in the channel that feeds our community gallery, you confirm that
          it is your own work or that you have the right to share it, and you allow us to show it on
          the site with its credit. You can ask us to remove your photo at any time.
        </p>
      </LegalSection>

      <LegalSection id="third-party-services" number={6} title="Third-Party Links and Services">
        <p>
          The site links to and embeds services run by others, such as YouTube for our videos,
          Discord for our community and sign-in, our radio streaming provider and the news and data
          sources we cite. Their own terms and policies apply when you use them, and we are not
          responsible for their content, availability or practices.
        </p>
      </LegalSection>

      <LegalSection id="disclaimers" number={7} title="Disclaimers">
        <p>
          The site is provided “as is” and “as available”. We work hard to be accurate, but
          articles, news summaries and sky data, such as moon phases, K-index forecasts and aurora
          outlooks, are for general information and education. Forecasts can be wrong, and sources
          we rely on can be late or unavailable. Product and equipment advice reflects our opinion
          and does not guarantee results.
        </p>
        <p>
          Observe safely. <strong>Never look at the Sun</strong> with your eyes, binoculars or a
          telescope unless it is fitted with a proper full-aperture solar filter, and take care at
          night near roads, water and uneven ground.
        </p>
      </LegalSection>

      <LegalSection id="limitation-of-liability" number={8} title="Limitation of Liability">
        <p>
          To the fullest extent permitted by law, we are not liable for any indirect, incidental or
          consequential loss, or for any loss of data, arising from your use of the site or your
          inability to use it. Nothing in these terms limits liability that cannot be limited by
          law, such as liability for fraud or for death or personal injury caused by negligence, or
          the rights you have as a consumer.
        </p>
      </LegalSection>

      <LegalSection id="changes-and-contact" number={9} title="Changes and Contact">
        <p>
          We may update these terms from time to time. When we do, we will change the “Last updated”
          date above; continuing to use the site after a change means you accept the new terms.
        </p>
        <p>
          Questions about these terms? Reach us through our{' '}
          <SiteLink to="/contact">contact page</SiteLink>. For how we handle your information, see
          our <SiteLink to="/privacy">Privacy Policy</SiteLink>.
        </p>
      </LegalSection>
    </LegalDocument>
  )
}
