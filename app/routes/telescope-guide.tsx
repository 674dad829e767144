import {
  Callout,
  ConsIcon,
  Formula,
  GuideSection,
  GuideToc,
  ProsIcon,
  TelescopeType,
  type TocEntry,
} from '../components/telescope-guide/guide-parts.tsx'
import { pageMeta } from '../lib/meta.ts'
import { usePublicConfig } from '../lib/public-config.ts'
import type { Route } from './+types/telescope-guide'
import { SiteLink } from '../components/ui/site-link.tsx'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Telescope Buying Guide',
    description:
      'How to choose your first telescope: three basic rules, reflectors, refractors and Cassegrains compared, mounts, accessories, smart telescopes and binoculars.',
    path: '/telescope-guide',
  })

const TOC: ReadonlyArray<TocEntry> = [
  { id: 'about-this-guide', title: 'About This Guide' },
  { id: 'three-basic-rules', title: 'Three Basic Rules' },
  {
    id: 'types-of-telescopes',
    title: 'Types of Telescopes',
    children: [
      { id: 'reflectors', title: 'Reflectors' },
      { id: 'refractors', title: 'Refractors' },
      { id: 'cassegrains', title: 'Cassegrains' },
    ],
  },
  { id: 'mounts', title: 'Mounts' },
  { id: 'accessories', title: 'Accessories' },
  { id: 'smart-telescopes', title: 'Smart Telescopes' },
  { id: 'non-telescope-options', title: 'Non-Telescope Options' },
  { id: 'final-thoughts', title: 'Final Thoughts' },
]

const RULES = [
  {
    title: 'Avoid big-box stores',
    text: 'Department stores, supermarkets and general marketplaces sell telescopes as gifts, not instruments. The box promises “525x power” beside a Hubble photo; inside are small optics, poor eyepieces and a spindly tripod that shakes every time you touch the focuser. Buy from a dedicated astronomy dealer whose staff observe themselves, or look at club classifieds: a good telescope lasts for decades, so the used market is excellent.',
  },
  {
    title: 'Try before you buy',
    text: 'Local astronomy clubs hold public observing nights, and their members love showing what their telescopes can do. Ten minutes at an eyepiece teaches more than hours of reviews: you will see what a galaxy really looks like (a soft, faint glow, not a poster), how heavy a mount is and how long setup takes. Some clubs and libraries even lend telescopes.',
  },
  {
    title: 'Don’t over-buy',
    text: 'The best telescope is the one you actually use. A giant scope that takes half an hour to carry out and set up will soon stay indoors. Think about where you will store it, how far you will carry it and how you will transport it to dark skies. Start simple and capable, learn the sky, upgrade when you know what you enjoy, and keep some budget for an eyepiece, a chart and a red flashlight.',
  },
] as const

export default function TelescopeGuide() {
  const { discordInviteUrl } = usePublicConfig()
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 md:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-medium tracking-widest text-accent uppercase">Buying guide</p>
        <h1 className="mt-3 font-display text-4xl font-bold tracking-tight text-balance md:text-5xl">
          Telescope Buying Guide
        </h1>
        <p className="mt-5 text-lg text-muted-foreground">
          Everything you need to choose your first telescope with confidence, and to avoid the
          mistakes that leave so many of them gathering dust in a closet.
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:mt-14 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-14">
        <aside className="lg:sticky lg:top-32 lg:self-start">
          <GuideToc entries={TOC} />
        </aside>

        <article className="prose-content max-w-3xl min-w-0">
          <GuideSection id="about-this-guide" title="About This Guide">
            <p>
              Buying a first telescope is exciting and confusing in equal measure. Listings shout
              about magnification, bundle dozens of accessories and use jargon few beginners know.
              Too many people end up with a wobbly telescope that goes back in its box after two
              frustrating nights.
            </p>
            <p>
              This guide is here to prevent that. It explains the three rules we give everyone who
              asks, the main types of telescopes and mounts, which accessories are worth the money,
              where smart telescopes fit in, and why a pair of binoculars might be the best first
              step of all. Models and prices change every year, so we focus on the principles that
              don’t: with them you can judge any telescope you come across.
            </p>
          </GuideSection>

          <GuideSection id="three-basic-rules" title="Three Basic Rules">
            <p>If you remember nothing else from this guide, remember these.</p>
            <ol className="my-8 list-none space-y-4 pl-0">
              {RULES.map((rule, i) => (
                <li
                  key={rule.title}
                  className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5 sm:flex-row sm:gap-4"
                >
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary font-display font-bold text-primary-foreground"
                  >
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="mt-1 mb-2">{rule.title}</h3>
                    <p className="my-0 text-muted-foreground">{rule.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </GuideSection>

          <GuideSection id="types-of-telescopes" title="Types of Telescopes">
            <p>
              Every telescope does one job: it collects light and brings it to a focus. There are
              three ways to do it: with a mirror (reflectors), with a lens (refractors), or with
              mirrors and a corrector lens together (catadioptric designs such as Cassegrains).
            </p>
            <p>
              Whatever the design, the most important number is the <strong>aperture</strong>, the
              diameter of the main mirror or lens. Light-gathering power grows with its area: a 200
              mm telescope collects four times as much light as a 100 mm one, and about 800 times as
              much as your dark-adapted eye. A larger aperture also resolves finer detail. The
              second number is the <strong>focal length</strong>; divided by the aperture it gives
              the <strong>focal ratio</strong>. Short ratios (f/4 to f/6) give wide fields of view,
              long ones (f/10 to f/15) give more magnification with the same eyepiece.
            </p>
            <table>
              <caption>The main designs at a glance.</caption>
              <thead>
                <tr>
                  <th scope="col">Design</th>
                  <th scope="col">Typical first size</th>
                  <th scope="col">Best for</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Reflector (Newtonian)</th>
                  <td className="whitespace-nowrap">130–250 mm</td>
                  <td>Most aperture for the money; galaxies, nebulae, clusters</td>
                </tr>
                <tr>
                  <th scope="row">Refractor</th>
                  <td className="whitespace-nowrap">70–120 mm</td>
                  <td>Sharp, low-maintenance, grab-and-go; Moon, planets, wide fields</td>
                </tr>
                <tr>
                  <th scope="row">Schmidt-Cassegrain</th>
                  <td className="whitespace-nowrap">150–280 mm</td>
                  <td>Compact for its aperture; planets, go-to observing, imaging</td>
                </tr>
                <tr>
                  <th scope="row">Maksutov-Cassegrain</th>
                  <td className="whitespace-nowrap">90–180 mm</td>
                  <td>Very sharp and portable; Moon, planets, double stars, travel</td>
                </tr>
              </tbody>
            </table>

            <TelescopeType
              id="reflectors"
              name="Reflectors"
              verdict={{
                pros: [
                  'The most aperture for your money, by a wide margin.',
                  'No chromatic aberration: mirrors bring every colour to the same focus.',
                  'Excellent on faint deep-sky objects such as galaxies, nebulae and star clusters.',
                  'On a Dobsonian mount, simple to use and quick to set up.',
                ],
                cons: [
                  'Needs occasional collimation (aligning the mirrors), a five-minute job once learned.',
                  'The open tube must cool to the outside temperature before the view is steady, and it collects dust.',
                  'Bulky: a 200 mm (8-inch) f/6 tube is about 1.2 m long.',
                  'The secondary mirror slightly lowers contrast, and fast mirrors (f/4 to f/5) show coma towards the edge of the field.',
                ],
                recommended: [
                  'A 150 mm (6-inch) or 200 mm (8-inch) Dobsonian at around f/6: the classic first telescope and hard to beat for its price.',
                  'A 114–130 mm tabletop Dobsonian if you need something small and light (it needs a sturdy table or stool).',
                  'Avoid short “Bird-Jones” reflectors with a lens hidden in the focuser: they rarely give sharp images.',
                ],
              }}
            >
              <p>
                Isaac Newton built the first practical reflector in 1668, and his design is still
                the most popular. A concave primary mirror at the bottom of an open tube gathers the
                light, and a small flat secondary mirror near the top sends it out of the side to
                the eyepiece. A mirror is far cheaper to make than a lens of the same size, which is
                why reflectors give you the most aperture for your money.
              </p>
            </TelescopeType>

            <TelescopeType
              id="refractors"
              name="Refractors"
              verdict={{
                pros: [
                  'Sharp, high-contrast images with nothing blocking the light path.',
                  'Sealed tube: no collimation, little maintenance and a quick cool-down.',
                  'Ready in minutes, which makes an ideal grab-and-go telescope.',
                  'Superb on the Moon, planets and double stars; small apochromats are favourites for astrophotography.',
                ],
                cons: [
                  'The most expensive design per millimetre of aperture.',
                  'Achromats show false colour, a violet halo around bright objects, especially at short focal ratios.',
                  'Affordable apertures are small (usually 70–120 mm), which limits faint deep-sky objects.',
                  'Long tubes need tall, sturdy mounts, and the lens dews up without a dew shield.',
                ],
                recommended: [
                  'An 80–102 mm achromat or ED refractor on a solid alt-az mount as a portable, low-fuss first telescope.',
                  'A long focal ratio (f/10 or slower) keeps an achromat’s false colour low on the Moon and planets.',
                  'A 60–80 mm apochromat if astrophotography is your main goal.',
                  'Avoid small refractors on flimsy tripods sold as toys.',
                ],
              }}
            >
              <p>
                The refractor is the classic telescope shape: a lens at the front of a closed tube
                focuses the light, and the eyepiece sits at the back, usually in a star diagonal
                that turns the light by 90° for comfortable viewing. A simple two-element{' '}
                <em>achromatic</em> lens brings red and blue light to slightly different points,
                leaving a violet fringe around bright objects. <em>Apochromatic</em> lenses (often
                sold as APO or ED) use special low-dispersion glass to remove most of it, at a
                higher price.
              </p>
            </TelescopeType>

            <section
              id="cassegrains"
              aria-labelledby="cassegrains-heading"
              className="scroll-mt-32"
            >
              <h3 id="cassegrains-heading">Cassegrains</h3>
              <p>
                Cassegrain telescopes fold the light path. A concave primary mirror reflects light
                back up the tube to a convex secondary mirror, which sends it back down through a
                hole in the primary to the eyepiece at the rear. Folding a long focal length into a
                short tube makes them compact and portable for their aperture. The two designs
                popular with amateurs add a corrector lens at the front, which also seals the tube.
              </p>

              <TelescopeType
                id="schmidt-cassegrain"
                name="Schmidt-Cassegrain (SCT)"
                level={4}
                verdict={{
                  pros: [
                    'A large aperture in a short, portable tube: an 8-inch SCT tube is only about 43 cm long.',
                    'A long focal length (about 2,000 mm for an 8-inch) suits the Moon, planets and small deep-sky objects.',
                    'Versatile: focal reducers, cameras and a huge range of accessories fit the standard rear thread.',
                    'Widely available on go-to mounts that find objects for you.',
                  ],
                  cons: [
                    'A narrow field of view: large objects like the Pleiades or the Andromeda Galaxy do not fit.',
                    'The corrector plate dews up easily, so a dew shield is essential.',
                    'Slow to cool down, and the large secondary mirror lowers contrast a little.',
                    'Focusing moves the primary mirror, which can shift the image, and it costs more than a Dobsonian of the same aperture.',
                  ],
                  recommended: [
                    'An 8-inch (203 mm) SCT on a go-to mount: a compact, do-everything setup if you enjoy technology.',
                    'A good choice when storage space is tight or equipment must be carried up stairs.',
                    'Budget for a dew shield and a reliable power supply.',
                  ],
                }}
              >
                <p>
                  A Schmidt-Cassegrain uses a spherical primary mirror and a thin, subtly shaped
                  corrector plate, usually at f/10. In sizes from 150 mm to 280 mm and beyond, it is
                  the design most often sold on computerized mounts.
                </p>
              </TelescopeType>

              <TelescopeType
                id="maksutov-cassegrain"
                name="Maksutov-Cassegrain (Mak)"
                level={4}
                verdict={{
                  pros: [
                    'Very sharp, contrasty views of the Moon, planets and double stars.',
                    'Holds its collimation: the optics rarely need adjusting.',
                    'Compact and light in small sizes, ideal for travel and balconies.',
                  ],
                  cons: [
                    'A narrow field of view because of the long focal ratio: not for large nebulae or rich star fields.',
                    'The thick corrector takes a long time to cool in the larger sizes.',
                    'A limited range of apertures, so faint deep-sky objects stay modest.',
                  ],
                  recommended: [
                    'A 90–127 mm Mak as a travel or planetary telescope, or as a second scope beside a Dobsonian.',
                    'Pairs well with a small tracking or go-to mount, since its high magnification makes manual tracking fiddly.',
                  ],
                }}
              >
                <p>
                  A Maksutov-Cassegrain uses a thick, deeply curved meniscus lens as its corrector;
                  the secondary mirror is usually just an aluminised spot on the back of that lens.
                  Maks typically work at f/12 to f/15 and come in apertures from 90 mm to 180 mm.
                </p>
              </TelescopeType>
            </section>
          </GuideSection>

          <GuideSection id="mounts" title="Mounts">
            <p>
              A telescope is only as good as the mount it sits on. At 100x the slightest wobble
              becomes an earthquake, and a mount that shakes whenever you touch the focuser makes
              even superb optics useless. Choose a mount that is solid for the weight of your
              telescope, and if in doubt, go sturdier.
            </p>

            <h3>Alt-Az vs Equatorial</h3>
            <p>
              An <strong>altitude-azimuth (alt-az)</strong> mount moves up and down (altitude) and
              left and right (azimuth), like a camera tripod head. It is intuitive, light and quick
              to set up, which makes it the natural choice for visual observing.
            </p>
            <p>
              An <strong>equatorial</strong> mount has one axis aligned with Earth’s axis of
              rotation, pointed at the celestial pole (close to Polaris in the northern hemisphere).
              Once it is polar-aligned, turning that single axis follows the stars as they cross the
              sky, and a motor on it can track them for hours. The common German equatorial mount
              balances the telescope with counterweights. Equatorial mounts are heavier, take longer
              to set up and feel awkward at first, but they are the standard for long-exposure
              astrophotography, because the field of view slowly rotates during long exposures on an
              alt-az mount.
            </p>

            <h3>Go-To vs Manual</h3>
            <p>
              <strong>Go-to</strong> mounts have motors and a small computer. After a short
              alignment on two or three bright stars, they point at any of thousands of objects and
              keep them in view. They are a real help under light-polluted skies, where the stars
              you need for star-hopping are hard to see, and for observers short on time.
            </p>
            <p>
              The costs: a go-to mount needs power, adds setup steps and absorbs money that could
              have bought aperture, so a <strong>manual</strong> telescope at the same price usually
              has a bigger mirror. Manual mounts also teach you the sky, and hopping from bright
              stars to faint targets is a skill that lasts a lifetime. In between are push-to
              systems, which show where the telescope points while you move it by hand, and
              tracking-only mounts that keep an object centred once you have found it.
            </p>

            <h3>Dobsonian Mounts</h3>
            <p>
              The Dobsonian mount, popularized by the amateur astronomer John Dobson, is a simple
              alt-az rocker box that sits on the ground and cradles a Newtonian tube. There is no
              tripod to wobble and almost nothing to go wrong: you simply push the telescope where
              you want it to point. Because the mount costs so little, nearly all of your money goes
              into aperture, which is why a 6- or 8-inch Dobsonian is the most recommended first
              telescope. Many are now also sold with push-to or go-to options.
            </p>
          </GuideSection>

          <GuideSection id="accessories" title="Accessories">
            <p>
              Most telescopes come with the basics. These are the extras that make the biggest
              difference, roughly in the order we would buy them.
            </p>

            <h3>Eyepieces and Magnification</h3>
            <p>
              The eyepiece sets the magnification. Divide the focal length of the telescope by the
              focal length of the eyepiece:
            </p>
            <Formula>magnification = telescope focal length ÷ eyepiece focal length</Formula>
            <p>
              A 1,200 mm telescope gives 48x with a 25 mm eyepiece and 120x with a 10 mm one. Any
              telescope can reach an enormous magnification; what matters is whether the image holds
              up. The highest <em>useful</em> magnification is about{' '}
              <strong>twice the aperture in millimetres</strong> (50x per inch): about 400x for a
              200 mm telescope, 160x for an 80 mm one. In practice, turbulence in the atmosphere
              (“seeing”) limits most nights to somewhere between 150x and 250x, whatever the
              telescope. Many deep-sky objects look best at low power.
            </p>
            <p>
              The <strong>exit pupil</strong> is the width of the beam of light leaving the
              eyepiece:
            </p>
            <Formula>
              exit pupil = aperture ÷ magnification = eyepiece focal length ÷ focal ratio
            </Formula>
            <p>
              A young, dark-adapted eye can use up to about 7 mm (less with age), which sets the
              lowest useful magnification at roughly the aperture in millimetres divided by 7. Exit
              pupils of 2 to 4 mm suit most deep-sky objects, and about 0.5 to 1 mm is the practical
              limit for planets. Here is a starter set for a 200 mm f/6 Dobsonian (1,200 mm focal
              length):
            </p>
            <table>
              <thead>
                <tr>
                  <th scope="col">Eyepiece</th>
                  <th scope="col">Magnification</th>
                  <th scope="col">Exit pupil</th>
                  <th scope="col">Good for</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>32 mm</td>
                  <td>38x</td>
                  <td>5.3 mm</td>
                  <td>Finding objects, large clusters, wide star fields</td>
                </tr>
                <tr>
                  <td>25 mm</td>
                  <td>48x</td>
                  <td>4.2 mm</td>
                  <td>Sweeping the Milky Way, large nebulae</td>
                </tr>
                <tr>
                  <td>15 mm</td>
                  <td>80x</td>
                  <td>2.5 mm</td>
                  <td>Galaxies, globular clusters</td>
                </tr>
                <tr>
                  <td>10 mm</td>
                  <td>120x</td>
                  <td>1.7 mm</td>
                  <td>Planetary nebulae, lunar detail</td>
                </tr>
                <tr>
                  <td>6 mm</td>
                  <td>200x</td>
                  <td>1.0 mm</td>
                  <td>Planets and close double stars on steady nights</td>
                </tr>
              </tbody>
            </table>
            <p>
              Eyepieces come in 1.25-inch and 2-inch barrels; the larger size allows wider views at
              low power. The apparent field of view, from about 50° for a basic Plössl to 82° or
              more for wide-angle designs, decides how much sky you see: the true field is roughly
              the apparent field divided by the magnification. If you wear glasses, look for 15 to
              20 mm of eye relief. Three good eyepieces beat a case full of poor ones.
            </p>

            <h3>Finders</h3>
            <p>
              The main telescope shows a tiny patch of sky, so a small sighting aid on the tube
              helps you aim:
            </p>
            <ul>
              <li>
                <strong>Red-dot finders</strong> project an illuminated dot onto a small window.
                They do not magnify, and show exactly where the telescope points.
              </li>
              <li>
                <strong>Reflex ring sights</strong> project circles of known size, which makes
                star-hopping from a chart easy.
              </li>
              <li>
                <strong>Optical finderscopes</strong>, such as 6x30 or 8x50, show stars too faint
                for the naked eye. Right-angle, correct-image models save your neck.
              </li>
            </ul>
            <p>
              Many observers use a red-dot or ring sight together with an optical finder. Align the
              finder with the telescope in daylight on a distant treetop or mast, never the Sun.
            </p>

            <h3>Barlow Lenses</h3>
            <p>
              A Barlow lens fits between the telescope and the eyepiece and multiplies the focal
              length, usually by 2x or 3x, so every eyepiece gives two or three times the
              magnification. A good 2x Barlow doubles your eyepiece collection, as long as the focal
              lengths do not overlap: with 25 mm and 10 mm eyepieces it adds the equivalent of 12.5
              mm and 5 mm. A Barlow also keeps the comfortable eye relief of the longer eyepiece. A
              poor one degrades the image, so buy a good Barlow or none at all.
            </p>

            <h3>Filters</h3>
            <ul>
              <li>
                <strong>Moon filters.</strong> A full Moon through a telescope is dazzling. A
                neutral-density or variable polarizing filter screwed into the eyepiece dims it to a
                comfortable level. This is purely for comfort: moonlight cannot harm your eyes.
              </li>
              <li>
                <strong>Nebula filters.</strong> Narrowband (UHC) and OIII filters pass the
                wavelengths that emission nebulae glow in and block most others, including much
                light pollution. They transform the Orion, Veil and Ring nebulae, but do nothing for
                galaxies and star clusters, which shine across the whole spectrum. Broadband “light
                pollution” filters help far less than their names suggest.
              </li>
              <li>
                <strong>Colour filters.</strong> Coloured eyepiece filters can slightly enhance
                planetary detail, such as Jupiter’s cloud belts or the Martian polar caps. Nice to
                have, never essential.
              </li>
            </ul>
            <Callout tone="warning" title="Solar safety">
              <p>
                <strong>
                  Never look at the Sun through a telescope, binoculars or a finder without a proper
                  solar filter.
                </strong>{' '}
                Focused sunlight causes permanent eye damage in a fraction of a second, and there is
                no pain to warn you.
              </p>
              <ul>
                <li>
                  Use only a <strong>full-aperture</strong> solar filter that fits securely over the{' '}
                  <strong>front</strong> of the telescope, made of certified solar film or glass
                  that meets the <strong>ISO 12312-2</strong> standard, from a reputable astronomy
                  supplier.
                </li>
                <li>
                  <strong>Never use an eyepiece solar filter</strong>, the dark glass that screws
                  into an eyepiece and once came with cheap telescopes. Concentrated sunlight can
                  crack it without warning.
                </li>
                <li>
                  Check the filter for scratches, pinholes and tears before every use, and throw it
                  away if it is damaged.
                </li>
                <li>
                  Cap or remove the finderscope, and never leave a telescope pointed at the Sun
                  unattended, especially with children around.
                </li>
              </ul>
            </Callout>

            <h3>Dew Shields</h3>
            <p>
              On clear nights your optics radiate heat to the sky and can cool below the dew point,
              fogging up within minutes. Cassegrain corrector plates and refractor lenses are the
              most exposed, along with finders and eyepieces. A dew shield, a tube that extends in
              front of the optics, slows this down a lot, and battery-powered heater strips prevent
              it altogether. If your optics do fog up, never wipe them: bring them indoors and let
              them dry with the caps off before covering them again.
            </p>

            <h3>Red Flashlight</h3>
            <p>
              Your eyes need 20 to 30 minutes to adapt fully to the dark, and a moment of white
              light undoes it. A dim red flashlight lets you read charts and find accessories while
              keeping your night vision. Choose one with adjustable brightness, since even red light
              should be as dim as possible, switch your phone to its red or night mode, and be
              considerate of others at group observing sessions.
            </p>

            <h3>Star Charts and Apps</h3>
            <p>
              A planisphere, a rotating star wheel, shows which constellations are up at any date
              and time and never needs batteries. A pocket star atlas is the next step for finding
              fainter targets. Planetarium apps and software, such as the free and open-source
              Stellarium, show the sky from your location and identify what you are looking at; use
              their night mode at the telescope. Before you go out, check the{' '}
              <SiteLink to="/moon-phase">moon phase</SiteLink>, because a bright Moon washes out
              faint galaxies, and the <SiteLink to="/kp-index">Kp index</SiteLink> for a chance of
              aurora.
            </p>
          </GuideSection>

          <GuideSection id="smart-telescopes" title="Smart Telescopes">
            <p>
              A smart telescope combines a small telescope, often a short apochromatic refractor, a
              camera sensor and a computerized mount in one unit controlled from a phone or tablet.
              There is no eyepiece. You choose a target in the app; the telescope finds it by
              photographing the sky and recognizing the star patterns (plate solving), then stacks
              many short exposures as they come in, so a nebula or galaxy builds up on your screen
              in colour within minutes.
            </p>
            <div className="my-6 grid gap-4 sm:grid-cols-2">
              <div className="rounded-xl border border-border bg-card p-5">
                <h3 className="mt-0 mb-2 flex items-center gap-2 text-[1.05em]">
                  <ProsIcon />
                  Pros
                </h3>
                <ul className="my-0 text-[0.95em]">
                  <li>Set up in minutes, with no alignment or collimation.</li>
                  <li>
                    Reveals colour and detail in nebulae and galaxies that the eye cannot see, even
                    from a bright city.
                  </li>
                  <li>Images are easy to save and share, and a group can watch on their phones.</li>
                  <li>Compact, light and self-contained.</li>
                </ul>
              </div>
              <div className="rounded-xl border border-border bg-card p-5">
                <h3 className="mt-0 mb-2 flex items-center gap-2 text-[1.05em]">
                  <ConsIcon />
                  Cons
                </h3>
                <ul className="my-0 text-[0.95em]">
                  <li>You look at a screen, not through the telescope at the sky.</li>
                  <li>Small apertures and short focal lengths: planets look tiny.</li>
                  <li>Depends on an app, firmware and batteries from one manufacturer.</li>
                  <li>
                    Costs more than a visual telescope of similar aperture, and processing is
                    largely automatic.
                  </li>
                </ul>
              </div>
            </div>
            <p>
              <strong>Who they suit:</strong> people who want colourful pictures of deep-sky objects
              without learning astrophotography, city dwellers under bright skies, anyone with
              limited time or mobility, and families or groups who like to share the view. If what
              draws you is seeing with your own eye, or detailed views of the planets, a traditional
              telescope will satisfy you more.
            </p>
          </GuideSection>

          <GuideSection id="non-telescope-options" title="Non-Telescope Options">
            <p>
              Ask experienced observers where to start, and many will say: with binoculars. They are
              affordable, portable and intuitive, they show the sky upright and the right way round,
              you use both eyes, and their wide field makes finding things easy. You will keep using
              them long after you buy a telescope. Through binoculars you can see the craters of the
              Moon, the four largest moons of Jupiter, the Pleiades, the Andromeda Galaxy, the Orion
              Nebula, bright comets and the star clouds of the Milky Way.
            </p>

            <h3>Choosing Binoculars</h3>
            <p>
              Binoculars are described by two numbers: the magnification and the diameter of each
              front lens in millimetres. 7x50 means seven times magnification and 50 mm lenses. As
              with telescopes, the exit pupil is the aperture divided by the magnification.
            </p>
            <ul>
              <li>
                <strong>7x50:</strong> bright, wide views with a 7.1 mm exit pupil (50 ÷ 7) that
                matches a young, dark-adapted eye, and easy to hold steady. The traditional
                astronomy and marine binocular.
              </li>
              <li>
                <strong>10x50:</strong> the most popular all-rounder for astronomy. The extra
                magnification shows more detail and a darker sky background under light pollution,
                and its 5 mm exit pupil suits most adults, whose pupils open less with age. A little
                harder to hold steady.
              </li>
            </ul>
            <p>
              Above about 10x, the shake of your hands becomes obvious, which brings us to tripods.
            </p>

            <h3>Tripod Adapters</h3>
            <p>
              Most astronomy binoculars have a threaded socket at the front of the central hinge,
              often hidden under a cap. An L-shaped tripod adapter screws in there and fits any
              photo tripod with the standard 1/4-inch thread. Mounted binoculars show noticeably
              fainter stars and finer detail, and are far more comfortable for long sessions; large
              ones such as 15x70 or 20x80 really need one. Image-stabilized binoculars are a pricier
              alternative.
            </p>
            <Callout title="Don’t forget your own eyes">
              <p>
                Learning the constellations, watching a meteor shower, spotting the International
                Space Station or catching an aurora needs no equipment at all, just a clear sky and
                a little patience.
              </p>
            </Callout>
          </GuideSection>

          <GuideSection id="final-thoughts" title="Final Thoughts">
            <p>
              There is no perfect telescope, only the right one for you: the one that fits your sky,
              your space, your budget and what you love to look at. If we had to sum up this guide:
            </p>
            <ul>
              <li>Look through other people’s telescopes at a star party before you buy.</li>
              <li>
                Aperture and a steady mount matter more than magnification, computers or bundled
                accessories.
              </li>
              <li>
                For most beginners, a 150–200 mm Dobsonian or a pair of 10x50 binoculars is a superb
                start.
              </li>
              <li>Keep some budget for a good eyepiece, a red flashlight and a star chart.</li>
              <li>Never point any optics at the Sun without a certified full-aperture filter.</li>
            </ul>
            <p>
              Above all, be patient. What you see through a telescope is subtle at first, and your
              eye gets better with practice. A faint smudge becomes astonishing once you know its
              light left a galaxy millions of years ago.
            </p>
            <p>
              Still have questions?{' '}
              {discordInviteUrl ? (
                <>
                  Ask in{' '}
                  <a href={discordInviteUrl} target="_blank" rel="noopener noreferrer">
                    our Discord community
                  </a>{' '}
                  or reach us through our <SiteLink to="/contact">contact page</SiteLink>
                </>
              ) : (
                <>
                  Reach us through our <SiteLink to="/contact">contact page</SiteLink>
                </>
              )}
              , and find observing guides in <SiteLink to="/blog">the Cosmic Log</SiteLink>. Clear
              skies!
            </p>
          </GuideSection>
        </article>
      </div>
    </div>
  )
}
