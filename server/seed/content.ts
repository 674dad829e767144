/**
 * Seed content for the blog, FAQ and content pages.
 *
 * All article bodies are plain HTML (no scripts, styles, classes or inline
 * handlers) so they pass through the site's HTML sanitiser unchanged.
 * Dates are ISO-8601 UTC strings.
 */

export interface SeedPost {
  title: string
  slug: string
  excerpt: string | null
  content: string
  tags: string[]
  status: 'draft' | 'published' | 'archived'
  publishedAt: string | null
  featuredImageUrl: string | null
}

export interface SeedFaq {
  title: string
  content: string
  lastUpdated: string | null
}

export interface SeedPage {
  title: string
  slug: string
  content: string
  status: 'draft' | 'published' | 'archived'
  metaDescription: string | null
  publishedAt: string | null
}

export const SEED_POSTS: SeedPost[] = [
  {
    title: "A Beginner's Guide to the Messier Marathon",
    slug: 'messier-marathon-guide',
    excerpt:
      'Once a year the geometry of the sky lets you see all 110 Messier objects in a single night. Here is how to plan your first marathon, and why you should not worry about finishing it.',
    content: `
<p>Every spring, around the new moon closest to the March equinox, the Sun sits in a part of the sky that contains almost no Messier objects. That happy accident means that, from the right latitude, you can sweep up all 110 entries in Charles Messier's famous catalogue between dusk and dawn. Amateurs call it the <strong>Messier marathon</strong>, and it is one of the most fun, exhausting and educational nights you can have with a telescope.</p>

<h2>When to run it</h2>
<p>The marathon window is roughly mid-March to early April. You need a moonless night, because the first and last objects sit in bright twilight and you cannot afford any extra sky glow. In 2026 the new moon falls on <strong>19 March</strong>, so the weekends either side of it, the 14th and the 21st, are prime dates. The April new moon (17 April) is a backup, but by then the first two galaxies are already setting into the glare.</p>
<p>Latitude matters too. The classic advice is that somewhere around 25&deg; to 35&deg; north is ideal: far enough south to catch the globular clusters low in Sagittarius before dawn, far enough north that the evening objects in Andromeda are not lost. From the UK or northern Europe a full 110 is effectively impossible, and that is fine. A "Messier half-marathon" of 70 or 80 objects is still a brilliant night out.</p>

<h2>The shape of the night</h2>
<p>The marathon is a race against the sky, so order matters. Think of it in five chapters:</p>
<ol>
  <li><strong>Evening twilight:</strong> M77 and M74 in Cetus and Pisces, then M31, M32, M110 and M33. M74 is a faint face-on spiral sinking into twilight and is the object most people miss.</li>
  <li><strong>Winter sky:</strong> the Pleiades (M45), the Orion Nebula (M42 and M43), M78, M79 in Lepus, the Crab Nebula (M1) and the open clusters of Auriga and Gemini.</li>
  <li><strong>Spring galaxies:</strong> Leo, Coma Berenices and the Virgo Cluster. This is the hard middle stretch, with dozens of similar-looking smudges.</li>
  <li><strong>Summer arrives:</strong> after midnight, Hercules, Lyra and Ophiuchus bring globular clusters, the Ring Nebula (M57) and the Dumbbell (M27).</li>
  <li><strong>Dawn sprint:</strong> Sagittarius and Capricornus, finishing with M55, M75 and finally M30, which rises into morning twilight.</li>
</ol>

<table>
  <thead>
    <tr><th>Stage</th><th>Rough time (local)</th><th>Highlights</th><th>Difficulty</th></tr>
  </thead>
  <tbody>
    <tr><td>Twilight west</td><td>Sunset to +1 h</td><td>M77, M74, M31, M33</td><td>Hard, fast</td></tr>
    <tr><td>Winter sky</td><td>+1 h to +3 h</td><td>M42, M1, M35, M45</td><td>Easy</td></tr>
    <tr><td>Virgo galaxies</td><td>Around midnight</td><td>M49, M87, Markarian's Chain</td><td>Hard, slow</td></tr>
    <tr><td>Summer globulars</td><td>Small hours</td><td>M13, M57, M27, M4</td><td>Easy</td></tr>
    <tr><td>Dawn sprint</td><td>Last 90 min</td><td>M55, M75, M30</td><td>Very hard</td></tr>
  </tbody>
</table>

<h2>Equipment and preparation</h2>
<p>You do not need a big telescope. A 100&ndash;200 mm instrument shows every Messier object, and an 80 mm refractor will get you most of the way. What you <em>do</em> need is a telescope that you can point quickly and confidently. A manual Dobsonian with a good finder is a classic marathon tool; a GoTo mount works too, provided it is aligned well before the first objects appear and not while you are losing M74.</p>
<ul>
  <li>Print a proper marathon checklist in sequence order and a set of finder charts.</li>
  <li>Use a red torch, and dim it more than you think you need to.</li>
  <li>Pack far more warm clothing than seems sensible. March nights are cold at 3 a.m.</li>
  <li>Bring hot drinks and snacks; your concentration will dip around the Virgo Cluster.</li>
  <li>Check your western and south-eastern horizons in daylight. A single tree can end your attempt.</li>
</ul>

<h3>Surviving the Virgo Cluster</h3>
<p>The galaxy field around Virgo and Coma Berenices is where marathons go to die. The trick is to learn a route rather than individual objects. Most people start at Denebola in Leo, hop to the bright pair M84 and M86 at the head of Markarian's Chain, and then work outwards using the chain as a signpost. Spend a cloudy evening with a chart beforehand and the real thing will feel far less like a maze.</p>

<blockquote><p>The goal is not 110. The goal is to know the sky better at dawn than you did at dusk.</p></blockquote>

<h2>Keep it friendly</h2>
<p>Do it with a friend or a local club if you can. Someone to call out the next object, top up the coffee and double-check that faint smudge really is M108 makes the whole thing more fun. Log the time you saw each object; next year you will be surprised how much faster you are.</p>
<p>If you want to read more about the objects themselves, NASA's <a href="https://science.nasa.gov/mission/hubble/science/explore-the-night-sky/hubble-messier-catalog/" rel="noopener noreferrer">Hubble Messier catalog</a> collects Hubble's views of dozens of these objects. It is a lovely way to put your eyepiece smudges into context the morning after.</p>
<p>Clear skies, and good luck catching M74.</p>
`,
    tags: ['deep-sky', 'events', 'beginners', 'messier'],
    status: 'published',
    publishedAt: '2026-03-06T19:30:00.000Z',
    featuredImageUrl: null,
  },
  {
    title: 'Walking the Terminator: Observing the Moon with a Small Telescope',
    slug: 'moon-terminator',
    excerpt:
      'The best lunar views are not at full Moon but along the terminator, where sunrise throws long shadows across craters and mountains. Here is a night-by-night guide for any small scope.',
    content: `
<p>If you only ever point your telescope at the full Moon, you are missing most of the show. At full Moon the Sun is shining straight down on the lunar surface, shadows vanish and the landscape looks flat and washed out. The magic happens along the <strong>terminator</strong>, the line that divides lunar day from lunar night.</p>

<h2>Why the terminator is so dramatic</h2>
<p>Standing on the terminator, you would see the Sun just rising (on a waxing Moon) or setting (on a waning Moon). With the Sun that low, every crater rim, mountain peak and wrinkle ridge throws a long black shadow. Relief that is invisible at full Moon suddenly pops out in three dimensions, and it changes from hour to hour.</p>
<p>The terminator creeps across the surface at about 12&deg; of lunar longitude per day, which at the lunar equator works out to roughly 15 km per hour, about the speed of a relaxed bike ride. Watch a crater on the terminator for an hour and you can literally see the sunlight spill over its rim onto the floor.</p>

<h2>What you need</h2>
<p>Almost anything works. A 70 mm refractor, a 114 mm reflector or a small Maksutov will show hundreds of craters. A few tips make a big difference:</p>
<ul>
  <li><strong>Start low, then zoom in.</strong> Begin around 50&times; to find your way, then push to 100&ndash;150&times; when the air is steady.</li>
  <li><strong>Let the telescope cool.</strong> Twenty to thirty minutes outside gets rid of the shimmering tube currents that soften the view.</li>
  <li><strong>Try a filter if it is too bright.</strong> A neutral density or variable polarising filter takes the glare down, especially around first quarter and later.</li>
  <li><strong>Observe early in the evening.</strong> A waxing crescent is up after sunset, so it is perfect for a school night.</li>
</ul>

<h2>A night-by-night tour of the waxing Moon</h2>
<p>Days are counted from new Moon, and everything here is approximate: the exact timing shifts by a day or so from month to month because of libration and the time of night you observe.</p>

<h3>Days 3 to 5: the eastern seas</h3>
<p>A slim crescent shows <strong>Mare Crisium</strong>, a neat oval lava plain near the eastern limb. Look for the big craters <strong>Langrenus</strong> and <strong>Petavius</strong> on the terminator further south; Petavius has a lovely central peak and a rille running across its floor.</p>

<h3>Days 5 to 6: the Theophilus trio</h3>
<p>One of the finest sights on the Moon: <strong>Theophilus</strong>, <strong>Cyrillus</strong> and <strong>Catharina</strong>, a chain of large craters at the edge of Mare Nectaris. Theophilus is the youngest of the three and has a sharp rim and a big multi-peaked centre. The older two look battered and softened by comparison, a real lesson in lunar ageing.</p>

<h3>Days 7 to 8: first quarter</h3>
<p>Around first quarter the terminator runs down the middle of the disc. Look for the <strong>Lunar X</strong>, a brief X-shaped pattern of sunlit crater rims near the craters Blanchinus, La Caille and Purbach. It only lasts a few hours, so check a lunar calendar for the predicted time. Further north you will find the <strong>Apennine</strong> mountains and the <strong>Alpine Valley</strong>, a straight gash cutting through the lunar Alps.</p>

<h3>Days 8 to 10: Straight Wall and Copernicus</h3>
<p><strong>Rupes Recta</strong>, the Straight Wall, is a fault about 110 km long that shows up as a dark line when the Sun rises behind it. A day or two later, <strong>Copernicus</strong> appears: terraced walls, a cluster of central peaks and a bright ray system that becomes obvious as the Sun climbs. Nearby, <strong>Plato</strong> is a dark, flat-floored crater that looks like a puddle of ink at sunrise.</p>

<h3>Days 10 to 12: Sinus Iridum and Gassendi</h3>
<p>When the Sun catches the mountains ringing <strong>Sinus Iridum</strong>, the Bay of Rainbows, you may see the "jewelled handle", a glowing arc of peaks floating in the dark. Further south, <strong>Gassendi</strong> shows a fractured floor full of rilles.</p>

<blockquote><p>The same crater can look completely different two nights in a row. That is what keeps lunar observers coming back every month.</p></blockquote>

<h2>Sketch it, photograph it, log it</h2>
<p>Try sketching one crater in pencil, or hold your phone to the eyepiece and take a short video, then pick the sharpest frame. Note the date, time and Moon age, and revisit the same feature at sunset two weeks later, when the light comes from the other side.</p>
<p>For detailed maps, NASA's <a href="https://science.nasa.gov/moon/" rel="noopener noreferrer">Moon pages</a> are a good starting point, and the site's own moon-phase page shows tonight's phase and age so you know where the terminator will be before you set up.</p>
`,
    tags: ['moon', 'telescopes', 'beginners'],
    status: 'published',
    publishedAt: '2026-03-24T20:15:00.000Z',
    featuredImageUrl: '/images/blog/moon-terminator.svg',
  },
  {
    title: 'Light Pollution and the Bortle Scale, Explained',
    slug: 'bortle-scale-light-pollution',
    excerpt: null,
    content: `
<p>How dark is your sky, really? Astronomers have a handy nine-step yardstick for it, the Bortle scale, and learning to read it will change how you plan every observing trip. Here is what each class means and how to find better skies.</p>

<h2>Where the scale comes from</h2>
<p>The <strong>Bortle Dark-Sky Scale</strong> was published in 2001 by the American amateur astronomer John Bortle as a way for observers to describe their skies consistently. Instead of vague words like "pretty dark", it uses things you can actually check by eye: can you see the zodiacal light? Does the Milky Way cast shadows? Is M33 visible without optics? Class 1 is the darkest sky on Earth; class 9 is an inner-city sky where only the brightest stars survive.</p>

<h2>The nine classes at a glance</h2>
<p>The limiting magnitudes and sky brightness readings below are commonly quoted approximations, not part of the original definitions, and your own eyesight and experience will shift them a little.</p>
<table>
  <thead>
    <tr><th>Class</th><th>Description</th><th>Naked-eye limit (approx.)</th><th>What you notice</th></tr>
  </thead>
  <tbody>
    <tr><td>1</td><td>Excellent dark site</td><td>7.6&ndash;8.0</td><td>Zodiacal light and gegenschein obvious; the Milky Way casts shadows</td></tr>
    <tr><td>2</td><td>Typical truly dark site</td><td>7.1&ndash;7.5</td><td>Summer Milky Way highly structured; clouds look like black holes in the stars</td></tr>
    <tr><td>3</td><td>Rural sky</td><td>6.6&ndash;7.0</td><td>Some glow on the horizon; Milky Way still complex</td></tr>
    <tr><td>4</td><td>Rural/suburban transition</td><td>6.1&ndash;6.5</td><td>Light domes visible in several directions; Milky Way lacks detail</td></tr>
    <tr><td>5</td><td>Suburban</td><td>5.6&ndash;6.0</td><td>Milky Way weak or invisible near the horizon; clouds lit from below</td></tr>
    <tr><td>6</td><td>Bright suburban</td><td>5.1&ndash;5.5</td><td>Milky Way only visible near the zenith, if at all</td></tr>
    <tr><td>7</td><td>Suburban/urban transition</td><td>4.6&ndash;5.0</td><td>Whole sky has a grey-orange glow</td></tr>
    <tr><td>8</td><td>City sky</td><td>4.1&ndash;4.5</td><td>Many constellation patterns hard to trace</td></tr>
    <tr><td>9</td><td>Inner-city sky</td><td>4.0 or brighter</td><td>Only the Moon, planets and a few bright stars</td></tr>
  </tbody>
</table>

<h2>Measuring your own sky</h2>
<p>You do not need special equipment to estimate your Bortle class, but a few methods help:</p>
<ol>
  <li><strong>Star counts.</strong> Count the stars you can see inside a known shape, such as the square of Pegasus or the bowl of the Plough, and compare with published charts of limiting magnitude.</li>
  <li><strong>Milky Way test.</strong> If you can see dark lanes like the Great Rift in Cygnus without effort, you are probably in class 4 or better.</li>
  <li><strong>Sky quality meters.</strong> A handheld meter gives a reading in magnitudes per square arcsecond. Around 21.7 or higher is a genuinely dark sky; a suburban garden might read 19 to 20.</li>
  <li><strong>Light pollution maps.</strong> Satellite-based maps give a good first guess, but local terrain and nearby lights can make a big difference.</li>
</ol>

<figure>
  <img src="/images/blog/milky-way-photography.svg" alt="Illustration of a bright, structured Milky Way band over a dark horizon">
  <figcaption>Under class 1&ndash;3 skies the Milky Way shows dust lanes and bright star clouds. Under class 7 and above it disappears entirely.</figcaption>
</figure>

<h2>What it means for your observing</h2>
<p>Light pollution hits some targets much harder than others. The Moon, planets and double stars barely care, so a city balcony is a perfectly good observatory for them. Bright star clusters hold up well. Faint galaxies, large nebulae and comets suffer most, because their light is spread over a big area and the bright background simply drowns it.</p>
<ul>
  <li><strong>Bortle 7&ndash;9:</strong> focus on the Moon, planets, double stars and bright clusters. Narrowband filters can rescue emission nebulae for imagers.</li>
  <li><strong>Bortle 4&ndash;6:</strong> the brighter Messier objects are within reach, and a dark-adapted eye makes a big difference.</li>
  <li><strong>Bortle 1&ndash;3:</strong> everything opens up. It is worth a long drive a few times a year.</li>
</ul>

<h3>Dark adaptation still matters</h3>
<p>Even in a dark place, your eyes take 20 to 30 minutes to fully adapt, and one glance at a white phone screen resets much of it. Use a red light, turn your screen brightness right down, and give your eyes time before deciding what the sky can show you.</p>

<blockquote><p>Light pollution is one of the few environmental problems that can be fixed instantly: turn the light off and the stars come back.</p></blockquote>

<h2>Helping the sky</h2>
<p>Good outdoor lighting is shielded so it points down, is no brighter than needed, uses warmer colours and is switched off or dimmed when nobody needs it. <a href="https://darksky.org/" rel="noopener noreferrer">DarkSky International</a> has practical guidance on lighting, and lists certified dark-sky places around the world if you are planning a trip. Even one neighbour swapping a glaring floodlight for a shielded fitting can noticeably improve a back garden sky.</p>
`,
    tags: ['light-pollution', 'beginners', 'deep-sky'],
    status: 'published',
    publishedAt: '2026-04-18T16:00:00.000Z',
    featuredImageUrl: null,
  },
  {
    title: 'Understanding the Kp Index: A Practical Guide to Chasing Aurora',
    slug: 'aurora-kp-index',
    excerpt:
      'Kp 5 does not guarantee an aurora, and Kp 3 does not rule one out. Here is what the index actually measures, which numbers matter more, and how to turn a forecast into a night out.',
    content: `
<p>Every time the Sun throws something our way, aurora apps light up with the same number: the Kp index. It is a useful guide, but it is also the most misunderstood figure in space weather. Let's unpack what it measures, what it does not, and how we use it to decide whether to grab the camera and head north.</p>

<h2>What the Kp index measures</h2>
<p>Kp is a <strong>planetary geomagnetic index</strong> that runs from 0 (quiet) to 9 (extreme storm). It is derived from magnetometers at a network of observatories around the world, which record how much the horizontal component of Earth's magnetic field is being disturbed. Each value covers a <strong>three-hour</strong> window, so there are eight Kp values per day.</p>
<p>That three-hour window is the first catch. Aurora can flare up and die away in twenty minutes, and an official Kp figure only appears after the interval is over. The real-time "estimated Kp" you see in apps is a provisional, quick-look value, and forecasts of Kp for tonight are exactly that: forecasts.</p>

<h2>Kp and the NOAA G-scale</h2>
<p>NOAA's Space Weather Prediction Center translates high Kp values into its geomagnetic storm scale, which is what you will see in news headlines:</p>
<table>
  <thead>
    <tr><th>Kp</th><th>NOAA scale</th><th>Storm level</th><th>Aurora, very roughly</th></tr>
  </thead>
  <tbody>
    <tr><td>0&ndash;3</td><td>&ndash;</td><td>Quiet to unsettled</td><td>High latitudes: northern Scandinavia, Iceland, Alaska, northern Canada</td></tr>
    <tr><td>4</td><td>&ndash;</td><td>Active</td><td>Often visible low on the northern horizon from northern Scotland</td></tr>
    <tr><td>5</td><td>G1</td><td>Minor storm</td><td>Camera aurora across much of Scotland and similar latitudes</td></tr>
    <tr><td>6</td><td>G2</td><td>Moderate storm</td><td>Northern England, Denmark, the northern US border states</td></tr>
    <tr><td>7</td><td>G3</td><td>Strong storm</td><td>Often visible across the UK and central Europe</td></tr>
    <tr><td>8 (incl. 9&minus;)</td><td>G4</td><td>Severe storm</td><td>Far lower latitudes; overhead displays possible</td></tr>
    <tr><td>9</td><td>G5</td><td>Extreme storm</td><td>Rare; in May 2024 aurora were photographed far to the south in both hemispheres</td></tr>
  </tbody>
</table>
<p>The right-hand column is only a rule of thumb. What really matters is your <em>geomagnetic</em> latitude, which is not the same as the latitude on your map, and how the storm actually develops on the night.</p>

<h2>The numbers that matter more than Kp</h2>
<p>Kp tells you how disturbed the field has been. To know what is about to happen, look upstream at the solar wind data measured by spacecraft sitting at the L1 point, about 1.5 million km sunward of Earth. That gives you roughly 30 to 60 minutes of warning.</p>
<ul>
  <li><strong>Bz:</strong> the north&ndash;south component of the interplanetary magnetic field. When Bz points <strong>south</strong> (negative) and stays there, it links up with Earth's field and energy pours into the magnetosphere. A sustained Bz of &minus;10 nT or lower is exciting.</li>
  <li><strong>Solar wind speed:</strong> typical values are 300&ndash;400 km/s. Above 500 km/s things get lively; a fast CME can push well past 800 km/s.</li>
  <li><strong>Density:</strong> a sudden jump in density and speed often marks the arrival of a CME shock.</li>
</ul>
<blockquote><p>A strongly southward Bz at Kp 4 can beat a northward Bz at Kp 6. Watch the solar wind, not just the headline number.</p></blockquote>

<h2>Turning a forecast into a night out</h2>
<h3>Days ahead: watch the Sun</h3>
<p>Coronal mass ejections typically take one to three days to reach Earth, so a big Earth-directed CME gives you some warning. Coronal holes produce fast solar wind streams that often return roughly every 27 days, the Sun's rotation period as seen from Earth, so a good night can hint at another one about four weeks later.</p>
<h3>On the night</h3>
<ol>
  <li>Check the cloud forecast first. No aurora beats cloud.</li>
  <li>Find a spot with a clear, dark <strong>northern</strong> horizon (southern, if you are in the southern hemisphere).</li>
  <li>Take a camera or phone on a tripod. Camera sensors pick up colour that your eyes, using low-light rod vision, often see only as grey-white arcs.</li>
  <li>Be patient. Activity often comes in bursts called substorms, frequently around local midnight.</li>
</ol>

<h3>Timing through the year</h3>
<p>There is a well-known tendency for more geomagnetic activity around the <strong>equinoxes</strong> in March and September, linked to the way Earth's magnetic field is tilted relative to the solar wind at those times. Add long dark nights and autumn is a favourite season for many aurora chasers.</p>

<p>The best single source is the <a href="https://www.swpc.noaa.gov/" rel="noopener noreferrer">NOAA Space Weather Prediction Center</a>, which publishes the Kp index, real-time solar wind and a 30-minute aurora forecast. Our own Kp page pulls the latest values so you can keep an eye on things while you pack the flask.</p>
`,
    tags: ['aurora', 'space-weather', 'solar', 'astrophotography'],
    status: 'published',
    publishedAt: '2026-05-09T21:00:00.000Z',
    featuredImageUrl: '/images/blog/aurora-kp-index.svg',
  },
  {
    title: 'How to Photograph the Milky Way with a Phone or DSLR',
    slug: 'milky-way-photography',
    excerpt:
      'Exposure math without the headache: the 500 rule, the more accurate NPF rule, and the settings we actually use for sharp Milky Way shots from a tripod.',
    content: `
<p>The summer Milky Way is one of the most rewarding things you can photograph, and you do not need a tracking mount or a telescope to do it. A camera on a tripod, a dark sky and a little bit of exposure math will get you there. Here is how we approach it, whether you are shooting on a modern phone or a DSLR or mirrorless camera.</p>

<h2>Plan the shot first</h2>
<ul>
  <li><strong>Season:</strong> from mid-northern latitudes the bright galactic core is best from late spring to early autumn. In spring it rises before dawn; by late summer it is well placed in the evening.</li>
  <li><strong>Moon:</strong> aim for the week either side of new Moon, or for times when the Moon has set.</li>
  <li><strong>Darkness:</strong> you want astronomical darkness, with the Sun more than 18&deg; below the horizon. In high-latitude summers that may never happen, which is a real limitation in places like Scotland in June.</li>
  <li><strong>Sky quality:</strong> the darker the better. A Bortle 3 or 4 sky is plenty for a stunning shot.</li>
</ul>

<h2>Why exposure time is limited</h2>
<p>The Earth rotates, so stars drift across your frame. Expose too long and pin-sharp points become little trails. How long is too long depends on the focal length (longer lenses magnify the drift), your sensor's pixel size (smaller pixels show trailing sooner) and where in the sky you are pointing (stars near the celestial equator move fastest).</p>

<h3>The 500 rule</h3>
<p>The old rule of thumb is to divide 500 by your effective focal length. It is simple and gets you in the right ballpark, but it was designed for film and lower-resolution viewing. On modern high-resolution sensors, zoomed in to 100%, it allows visible trailing.</p>

<h3>The NPF rule</h3>
<p>The NPF rule takes aperture (N), pixel pitch (P) and focal length (F) into account. The simplified version, widely used by night photographers, is below. Pixel pitch is roughly your sensor width in millimetres divided by the number of horizontal pixels, times 1000.</p>

<pre><code>500 rule:   t = 500 / (focal length x crop factor)

NPF rule (simplified):
            t = (35 x N + 30 x p) / f
            N = f-number, p = pixel pitch in microns, f = focal length in mm

Example: full-frame 24 MP camera (36 mm / 6000 px = 6.0 microns)
         14 mm lens at f/2.8

500 rule:   500 / 14                   = 35.7 s
NPF rule:   (35 x 2.8 + 30 x 6.0) / 14 = (98 + 180) / 14 = 19.9 s

Example: APS-C 24 MP camera (about 3.9 microns), 16 mm lens at f/2.8

500 rule:   500 / (16 x 1.5)           = 20.8 s
NPF rule:   (98 + 30 x 3.9) / 16       = 215 / 16      = 13.4 s</code></pre>

<p>Notice how the NPF rule roughly halves the exposure for the same lens. In practice we shoot a test frame, zoom in on a corner star and adjust. If the stars look like short dashes, shorten the exposure and raise the ISO.</p>

<h2>Starting settings for a DSLR or mirrorless camera</h2>
<ol>
  <li>Manual mode, RAW files, image stabilisation off (it can hunt on a tripod).</li>
  <li>Widest aperture your lens handles well, usually f/1.8 to f/2.8.</li>
  <li>Exposure from the NPF rule, typically 10 to 20 seconds with a wide lens.</li>
  <li>ISO 1600 to 6400, depending on how clean your sensor is.</li>
  <li>White balance around 3800&ndash;4200 K as a starting point, easy to adjust later in RAW.</li>
  <li>Use a 2-second delay or remote release so you do not shake the camera.</li>
</ol>

<h3>Nailing focus</h3>
<p>Autofocus will not find the stars. Switch to manual focus, point at a bright star or planet, magnify live view as much as you can, and turn the focus ring slowly until the star is as small as possible. Do not trust the infinity mark on the lens; most lenses focus slightly past it. A tiny bit of tape keeps the ring from moving once you have it right.</p>

<h2>Shooting with a phone</h2>
<p>Recent phones are genuinely capable. Their night modes take many short exposures and stack them, which sidesteps a lot of the trailing problem. Put the phone on a small tripod so it detects it is steady, and many models will offer exposures of up to 30 seconds or more. Tap to focus on a bright star or set focus manually in a pro or expert mode if you have one, and shoot RAW if the phone offers it.</p>
<p>Phone sensors are small, so expect more noise and less detail than a dedicated camera, but a phone shot of the Milky Way over a landscape you love is still a fantastic memory.</p>

<blockquote><p>The best upgrade for Milky Way photography is not a new lens. It is a darker sky.</p></blockquote>

<h2>Stack for cleaner results</h2>
<p>Once you are comfortable, try taking 10 to 20 identical frames in a row and stacking them in free software. Averaging many frames reduces noise dramatically, letting you pull out the dust lanes and faint star clouds without the grain. Shoot a separate frame for the foreground, perhaps during blue hour, and blend it in.</p>
<p>To find a properly dark site, <a href="https://darksky.org/" rel="noopener noreferrer">DarkSky International</a> keeps a list of certified dark-sky places, and our Bortle scale article explains what the numbers on light pollution maps mean.</p>
`,
    tags: ['astrophotography', 'milky-way', 'gear', 'beginners'],
    status: 'published',
    publishedAt: '2026-06-12T15:30:00.000Z',
    featuredImageUrl: '/images/blog/milky-way-photography.svg',
  },
  {
    title: 'Observing the Sun Safely: White Light, Projection and H-alpha',
    slug: 'solar-observing-safely',
    excerpt:
      'The Sun is the only star we can see in detail, and with the right filter it is a wonderful daytime target. Here is how to do it without risking your eyes or your equipment.',
    content: `
<p>Let's start with the one rule that overrides everything else on this page: <strong>never look at the Sun through any optical instrument unless it has a proper solar filter fitted correctly</strong>. A telescope or pair of binoculars concentrates sunlight enough to cause permanent eye damage almost instantly, and there is no pain to warn you. With that said, solar observing is safe, easy and endlessly changing once you have the right kit.</p>

<h2>White-light filters</h2>
<p>The simplest and most popular option is a <strong>full-aperture white-light filter</strong>. It fits over the <em>front</em> of the telescope and blocks all but about one part in 100,000 of the incoming light before it ever enters the tube. There are two main types:</p>
<ul>
  <li><strong>Solar film filters:</strong> a thin, coated polymer film in a cell. They are inexpensive, give a neutral white image, and are excellent optically. You can buy ready-made cells or sheets to build your own.</li>
  <li><strong>Glass filters:</strong> coated optical glass, more robust, usually giving an orange-tinted Sun.</li>
</ul>
<p>Whichever you choose, buy from a reputable astronomy supplier and check it every single time before use. Hold it up to a bright light: any pinhole, scratch or crease means it goes in the bin. Make sure it fits snugly and cannot be knocked or blown off, and tape it on if in doubt, especially at public events where children may bump the scope.</p>

<h3>Do not forget the finder</h3>
<p>Cap or remove the finder scope. An uncapped finder can burn skin, melt its own crosshairs or, worst of all, tempt someone to look through it. Aim using the telescope's shadow instead: when the shadow of the tube is smallest and roundest, the Sun is in the field.</p>

<h2>Filters to avoid</h2>
<ul>
  <li><strong>Eyepiece "sun filters"</strong> that screw into the eyepiece. They sit at the focus, where the heat is concentrated, and can crack without warning. If you find one in an old telescope box, throw it away.</li>
  <li><strong>Improvised filters</strong>: sunglasses, smoked glass, photographic film, welding glass of the wrong shade, CDs. None of them are safe for optical viewing.</li>
</ul>

<h2>Eyepiece projection: possible, but with care</h2>
<p>Projecting the Sun's image onto a white card held behind the eyepiece is a classic way to share a view with a group, and nobody looks through the telescope. But it is not risk-free:</p>
<ul>
  <li>Concentrated sunlight can damage cemented eyepieces and plastic parts, and heat builds up inside closed tube designs such as Maksutovs and Schmidt-Cassegrains, which manufacturers generally warn against using this way.</li>
  <li>A small refractor with a simple, all-glass eyepiece is the traditional choice. Keep the aperture small and the session short.</li>
  <li>Never leave a projecting telescope unattended, and stand where nobody can put their eye to the eyepiece.</li>
</ul>
<p>For many people a pinhole projector or a cheap solar projection box is simpler and safer still.</p>

<h2>What you will see in white light</h2>
<ol>
  <li><strong>Sunspots:</strong> cooler regions with a dark umbra and lighter penumbra, often in groups that evolve from day to day.</li>
  <li><strong>Limb darkening:</strong> the edge of the disc looks noticeably dimmer than the centre.</li>
  <li><strong>Faculae:</strong> bright patches near the limb, easiest to spot where limb darkening gives contrast.</li>
  <li><strong>Granulation:</strong> a fine, rice-grain texture of convection cells, visible in steady air with good optics.</li>
</ol>
<p>The Sun rotates roughly once every 27 days as seen from Earth, so sketching or photographing the disc daily lets you watch spot groups march across it.</p>

<h3>Herschel wedges</h3>
<p>A Herschel wedge (solar diagonal) is a high-end white-light option for <strong>refractors only</strong>. It dumps most of the light and heat out of the optical path and must be used with the supplied neutral density filter. Never use one on a reflector or a catadioptric telescope.</p>

<h2>Hydrogen-alpha: the Sun comes alive</h2>
<p>Dedicated <strong>H-alpha telescopes</strong> pass an extremely narrow slice of deep-red light at 656.3 nm, emitted by hydrogen. Suddenly you see prominences looping off the limb, dark filaments across the disc, and bright plage around active regions, all changing over minutes. They are more expensive, but a small dedicated H-alpha scope is one of the most exciting purchases an observer can make.</p>

<blockquote><p>White light shows you the Sun's surface. H-alpha shows you its weather.</p></blockquote>

<h2>Eclipse season</h2>
<p>On <strong>12 August 2026</strong> a total solar eclipse crosses Greenland, western Iceland and northern Spain, with a partial eclipse visible across much of Europe. Certified eclipse glasses (meeting ISO 12312-2) are fine for naked-eye viewing of the partial phases, but they are <em>not</em> a substitute for a telescope filter. Only during the brief moment of totality is it safe to look without protection.</p>
<p>NASA's <a href="https://science.nasa.gov/sun/" rel="noopener noreferrer">Sun pages</a> are a great way to learn what you are seeing, and the <a href="https://www.swpc.noaa.gov/" rel="noopener noreferrer">NOAA Space Weather Prediction Center</a> shows today's numbered sunspot regions.</p>
`,
    tags: ['solar', 'safety', 'gear', 'events'],
    status: 'published',
    publishedAt: '2026-07-03T13:00:00.000Z',
    featuredImageUrl: '/images/blog/solar-observing-safely.svg',
  },
  {
    title: "Perseids and Geminids: Your Guide to the Year's Best Meteor Showers",
    slug: 'perseids-geminids-meteor-showers',
    excerpt:
      'The 2026 Perseids peak on a moonless night, and the Geminids follow in December. Here is when to look, where to look, and how to photograph them.',
    content: `
<p>Meteor showers are the most democratic astronomy there is. No telescope, no binoculars, no special skills: just a reclining chair, a dark sky and some patience. Two showers stand out every year for northern hemisphere observers, the <strong>Perseids</strong> in August and the <strong>Geminids</strong> in December, and 2026 is shaping up nicely for both.</p>

<h2>What causes a meteor shower?</h2>
<p>Comets (and at least one asteroid) shed trails of dust and grit as they orbit the Sun. When Earth passes through one of these debris streams, the particles hit our upper atmosphere at tens of kilometres per second and burn up around 80 to 120 km up. Because they all arrive on parallel paths, perspective makes them appear to fan out from a single point in the sky, the <strong>radiant</strong>, which gives the shower its name.</p>

<h2>The Perseids</h2>
<ul>
  <li><strong>Active:</strong> roughly mid-July to late August</li>
  <li><strong>Peak:</strong> around 12&ndash;13 August</li>
  <li><strong>Parent:</strong> comet 109P/Swift&ndash;Tuttle</li>
  <li><strong>Speed:</strong> about 59 km/s, so they are fast and often leave glowing trains</li>
  <li><strong>Rate:</strong> a zenithal hourly rate (ZHR) of around 100 under ideal conditions</li>
</ul>
<p>This year's timing is about as good as it gets: <strong>new Moon falls on 12 August 2026</strong>, so there is no moonlight at all on peak night. The radiant in Perseus is circumpolar from the UK and northern Europe, so meteors can appear all night, but rates climb after midnight as the radiant rises higher and our side of Earth turns to face the direction of travel.</p>
<p>There is a bonus this year too: the same day brings a total solar eclipse across Greenland, Iceland and northern Spain. Eclipse in the early evening, Perseids after dark. If you are travelling for one, stay up for the other.</p>

<h2>The Geminids</h2>
<ul>
  <li><strong>Active:</strong> roughly 4&ndash;20 December</li>
  <li><strong>Peak:</strong> around 13&ndash;14 December</li>
  <li><strong>Parent:</strong> the asteroid (3200) Phaethon, an unusual rocky parent</li>
  <li><strong>Speed:</strong> about 35 km/s, slower and often bright</li>
  <li><strong>Rate:</strong> ZHR of around 120 or more, often the strongest shower of the year</li>
</ul>
<p>The Geminid radiant, near the bright star Castor, rises in the early evening, so unlike most showers you can see good numbers before midnight. In 2026 the Moon is a waxing crescent at the peak and sets by mid-evening, leaving a dark sky for most of the night. The one thing the Geminids cannot promise is warmth. Dress like you are going to stand still in a freezer for two hours, because that is essentially what you are doing.</p>

<blockquote><p>The ZHR is a theoretical maximum for a perfectly dark sky with the radiant overhead. From a typical site you might see a third to a half of it, and that is still a great night.</p></blockquote>

<h2>How to watch</h2>
<ol>
  <li><strong>Get away from lights.</strong> Light pollution hides the fainter meteors, which are most of them.</li>
  <li><strong>Lie back.</strong> A reclining garden chair or a camping mat lets you take in a huge area of sky without a stiff neck.</li>
  <li><strong>Look about 40&ndash;60&deg; away from the radiant</strong> and fairly high up. Meteors near the radiant have short trails; those further away are longer and more impressive.</li>
  <li><strong>Give it time.</strong> Allow at least 20 minutes for your eyes to adapt, and plan to watch for an hour or more. Meteors come in clumps, with frustrating lulls in between.</li>
  <li><strong>Leave the phone in your pocket</strong>, or use a red screen filter if you are logging counts.</li>
</ol>

<h2>Photographing meteors</h2>
<p>Catching a meteor on camera is partly skill and mostly persistence. Put a camera with a wide-angle lens on a tripod, frame a big chunk of sky (with some foreground if you like), and use an intervalometer to shoot continuous exposures for hours. Use settings similar to Milky Way photography: the widest aperture, ISO 1600&ndash;3200 and exposures short enough to keep stars sharp. Then scroll through the hundreds of frames the next morning looking for the bright streaks. Many people stack their catches onto one background frame to create a "meteor storm" composite.</p>

<h3>Count for science</h3>
<p>Careful meteor counts are still useful. The <a href="https://www.imo.net/" rel="noopener noreferrer">International Meteor Organization</a> collects visual observations from around the world and publishes a calendar of showers each year. Even a single hour of careful counting adds to the picture.</p>
<p>Whatever you do, do not stay indoors because the forecast rate looks "only" average. Some of the most memorable fireballs we have seen came on nights we nearly skipped.</p>
`,
    tags: ['meteors', 'events', 'beginners', 'astrophotography'],
    status: 'published',
    publishedAt: '2026-08-01T18:00:00.000Z',
    featuredImageUrl: '/images/blog/perseids-geminids-meteor-showers.svg',
  },
  {
    title: "Saturn at Opposition and Jupiter's Return: Planet Season 2026",
    slug: 'saturn-jupiter-opposition-2026',
    excerpt:
      'Saturn reaches opposition on 4 October with its rings slowly opening again, while Jupiter climbs back into the morning sky ahead of its early-2027 opposition. Here is what to look for.',
    content: `
<p>Autumn is planet season. Saturn is at its best in early October, and Jupiter, which dominated last winter's evenings, is already rising before dawn on its way to another opposition early next year. Here is what to expect and how to get the most out of both giants with a modest telescope.</p>

<h2>What "opposition" means</h2>
<p>A planet is at <strong>opposition</strong> when Earth sits between it and the Sun, so the planet is opposite the Sun in our sky. It rises at sunset, is highest around local midnight and sets at sunrise, so it is visible all night. It is also close to its nearest point to Earth for the year, which means it looks at its largest and brightest. The weeks either side of opposition are nearly as good, so do not worry if the exact date is cloudy.</p>

<h2>Saturn: opposition on 4 October 2026</h2>
<p>Saturn reaches opposition on <strong>4 October 2026</strong>, sitting in the autumn sky on the border of Pisces and Cetus, a faint region with no bright stars to compete with it. Expect it to shine at around magnitude +0.2 as a steady, creamy-yellow point that does not twinkle like the stars around it. The globe will be just under 20 arcseconds across, with the rings spanning more than twice that.</p>

<h3>The rings are opening again</h3>
<p>In March 2025 Earth passed through the plane of Saturn's rings, and for a while they looked like a thin line or vanished altogether in small telescopes. We are now seeing them from slightly "above" again, tilted by roughly 7&deg; around this opposition. That is still narrow compared with the wide-open rings of a decade ago, but it gives the planet a lovely sharp-edged, flattened look, and the rings will keep widening year by year until the early 2030s.</p>

<h3>What to look for</h3>
<ul>
  <li><strong>The ring shadow:</strong> near opposition, the shadow of the globe on the rings shrinks almost to nothing, then reappears on the other side in the following weeks.</li>
  <li><strong>Cloud belts:</strong> Saturn's belts are subtle; a pale equatorial zone and a darker belt or two are typical in a 100&ndash;150 mm scope.</li>
  <li><strong>Cassini Division:</strong> with the rings this narrow it is a real challenge. Try at the ring ends (the "ansae") on nights of excellent seeing.</li>
  <li><strong>Moons:</strong> Titan, at around magnitude 8 to 9, is easy in any telescope. Rhea, Dione and Tethys need a bit more aperture and a steady sky.</li>
</ul>

<h2>Jupiter: back in the morning sky</h2>
<p>Jupiter reached opposition on <strong>10 January 2026</strong> in Gemini, blazing at around magnitude &minus;2.7. It then passed behind the Sun over the summer and is now back in the pre-dawn sky in Leo, rising earlier each night. Its next opposition is expected in <strong>mid-February 2027</strong>, so the coming winter is a great time to get reacquainted.</p>
<ul>
  <li><strong>The Galilean moons:</strong> Io, Europa, Ganymede and Callisto change position every night, and even binoculars show them. Watch for moons and their shadows crossing the disc.</li>
  <li><strong>Belts and zones:</strong> the two dark equatorial belts are obvious in any telescope; with more aperture you will see festoons, barges and ovals.</li>
  <li><strong>The Great Red Spot:</strong> it is much smaller than it was decades ago and its colour varies, so use a transit time predictor to know when it faces Earth.</li>
  <li><strong>Rotation:</strong> Jupiter spins in under ten hours, so features visibly move in half an hour.</li>
</ul>

<h2>Getting a better view</h2>
<ol>
  <li><strong>Cool the telescope</strong> for at least 30 minutes before serious viewing.</li>
  <li><strong>Wait for altitude.</strong> Observe when the planet is highest to look through the least atmosphere. Saturn sits close to the celestial equator this year, so from northern Europe it never climbs much above 40&deg; and steady air matters more than ever.</li>
  <li><strong>Do not over-magnify.</strong> A sharp image at 120&times; beats a blurry one at 250&times;. Increase power only when the seeing allows.</li>
  <li><strong>Keep looking.</strong> Moments of steady air come and go. The longer you watch, the more detail your eye catches.</li>
</ol>

<blockquote><p>Everyone remembers their first view of Saturn's rings. If you have a friend who has never seen them, this autumn is your chance to change that.</p></blockquote>

<h3>Try imaging</h3>
<p>Planetary imaging is all about "lucky imaging": record a short video, let software pick the sharpest frames and stack them. A planetary camera is ideal, but even a phone held carefully to the eyepiece can capture the rings.</p>
<p>For background on both planets and their moons, NASA's <a href="https://science.nasa.gov/saturn/" rel="noopener noreferrer">Saturn</a> and <a href="https://science.nasa.gov/jupiter/" rel="noopener noreferrer">Jupiter</a> pages are excellent. Dates here are from standard ephemerides; exact times vary slightly between sources, so check a planetarium app for your location.</p>
`,
    tags: ['planets', 'events', 'telescopes'],
    status: 'published',
    publishedAt: '2026-09-26T19:00:00.000Z',
    featuredImageUrl: '/images/blog/saturn-jupiter-opposition-2026.svg',
  },
  {
    title: 'Colourful Double Stars for Small Telescopes',
    slug: 'double-stars-small-telescopes',
    excerpt:
      'Double stars are perfect for moonlit nights and light-polluted gardens. Here are our favourite pairs for a small telescope this season, from gold-and-blue Albireo to the Double Double.',
    content: `
<p>When the Moon is bright or the city glow is bad, most deep-sky targets are a lost cause. Double stars do not care. They are sharp, bright and often beautifully coloured, and splitting a tight pair is a great test of your telescope, your eyes and the steadiness of the night's air.</p>

<h2>Why stars come in pairs</h2>
<p>Many of the pairs you see in the eyepiece are true <strong>binary stars</strong>, gravitationally bound and orbiting each other over decades to thousands of years. Others are <strong>optical doubles</strong>, two stars at very different distances that just happen to line up. Either way, the view is the same: two points of light, often with contrasting colours that come from different surface temperatures. Hotter stars look blue-white; cooler ones look yellow, orange or red.</p>

<h2>How close can your telescope split?</h2>
<p>A telescope's theoretical resolving power for two equal, fairly bright stars is often given by the <strong>Dawes limit</strong>: about 116 divided by the aperture in millimetres, in arcseconds. So an 80 mm refractor can in principle split about 1.5", and a 150 mm reflector about 0.8". In practice the atmosphere, cooling and unequal brightness make real-world results worse, which is exactly what makes the hunt fun.</p>

<figure>
  <img src="/images/blog/albireo-double-star.svg" alt="Illustration of a golden star and a smaller blue companion as seen through a telescope eyepiece">
  <figcaption>Albireo in a small telescope: a golden primary with a sapphire-blue companion, one of the prettiest sights in the sky.</figcaption>
</figure>

<h2>Our favourite pairs this season</h2>
<p>These are all well placed on November and early winter evenings from mid-northern latitudes. Separations and magnitudes are approximate, and orbiting pairs change slowly over the years.</p>
<table>
  <thead>
    <tr><th>Star</th><th>Constellation</th><th>Magnitudes</th><th>Separation</th><th>Colours</th></tr>
  </thead>
  <tbody>
    <tr><td>Albireo (&beta; Cyg)</td><td>Cygnus</td><td>3.1, 4.7</td><td>34"</td><td>Gold and blue</td></tr>
    <tr><td>Almach (&gamma; And)</td><td>Andromeda</td><td>2.3, 5.0</td><td>10"</td><td>Orange and blue</td></tr>
    <tr><td>&eta; Cassiopeiae</td><td>Cassiopeia</td><td>3.5, 7.4</td><td>13"</td><td>Yellow and reddish</td></tr>
    <tr><td>&gamma; Arietis</td><td>Aries</td><td>4.5, 4.6</td><td>7.5"</td><td>Both white</td></tr>
    <tr><td>61 Cygni</td><td>Cygnus</td><td>5.2, 6.0</td><td>31"</td><td>Both orange</td></tr>
    <tr><td>&gamma; Delphini</td><td>Delphinus</td><td>4.4, 5.0</td><td>9"</td><td>Yellow and pale green-white</td></tr>
    <tr><td>&epsilon; Lyrae</td><td>Lyra</td><td>Four stars of 5th<td>Each pair about 5, 5</td>ndash;6th mag</td><td>About 2.3" and 2.4"</td><td>White</td></tr>
  </tbody>
</table>

<h3>Albireo</h3>
<p>The showpiece. At the head of Cygnus, the swan, Albireo splits at 20&times; into a bright golden star and a fainter blue one. Defocus slightly and the colours become even more obvious. It sinks into the west as the evening goes on in late autumn, so catch it early.</p>

<h3>Almach</h3>
<p>Many observers rate Almach even prettier than Albireo: a bright orange primary with a small, vivid blue companion, tighter and more delicate. Find it at the eastern end of the line of stars running out from the Great Square of Pegasus.</p>

<h3>Epsilon Lyrae, the Double Double</h3>
<p>With binoculars or sharp eyes you can see that Epsilon Lyrae, near Vega, is a wide pair. Put a telescope on it at 100&times; or more and each of those stars splits again into a close pair about 2.3" apart, giving four stars in total. Catch it early in the evening while Lyra is still reasonably high in the west.</p>

<h3>61 Cygni</h3>
<p>Not the most colourful, but it has a great story: in 1838 it became one of the first stars to have its distance measured by parallax. The two orange dwarfs are only about 11 light-years away, among the closest stars visible without a telescope.</p>

<h2>Tips for splitting doubles</h2>
<ul>
  <li><strong>Use enough magnification.</strong> Unlike galaxies, doubles love power. For tight pairs try 2&times; per millimetre of aperture or more.</li>
  <li><strong>Wait for steady seeing.</strong> If bright stars are twinkling hard, the air is turbulent. Come back to tight pairs another night.</li>
  <li><strong>Let the telescope cool</strong>, and check your collimation if you use a reflector. A star that looks like a comet will never split cleanly.</li>
  <li><strong>Compare colours</strong> with slightly defocused images, and note that colour perception varies between observers.</li>
</ul>

<blockquote><p>A double star log is a lovely project: one pair a night, a quick sketch, and a note on the colours you see. By spring you will have a personal atlas of the sky.</p></blockquote>
<p>Want more? Many observing clubs run double star programmes with certificates, and the Washington Double Star Catalog, maintained by the <a href="https://www.usno.navy.mil/" rel="noopener noreferrer">US Naval Observatory</a>, is the standard reference for positions and separations.</p>
`,
    tags: ['double-stars', 'telescopes', 'beginners'],
    status: 'published',
    publishedAt: '2026-11-15T17:30:00.000Z',
    featuredImageUrl: null,
  },
  {
    title: 'Choosing Binoculars for Astronomy: 7x50, 10x50 and Beyond',
    slug: 'binoculars-for-astronomy',
    excerpt:
      'Before you buy a telescope, buy binoculars. Here is what the numbers mean, why exit pupil matters, and how to pick a pair you will actually use.',
    content: `
<p>The piece of astronomy kit we recommend most often is not a telescope. It is a decent pair of binoculars. They are quick to grab, show a wide field, use both eyes and give a natural, upright view that makes learning the sky far easier. Even experienced observers with big telescopes keep a pair by the back door.</p>

<h2>Reading the numbers</h2>
<p>Every binocular has two numbers, such as <strong>10x50</strong>. The first is the magnification; the second is the diameter of each front (objective) lens in millimetres. Bigger objectives collect more light and show fainter stars; higher magnification shows more detail but also magnifies every shake of your hands.</p>

<h3>Exit pupil</h3>
<p>Divide the aperture by the magnification and you get the <strong>exit pupil</strong>: the width of the beam of light leaving the eyepiece, in millimetres. Hold binoculars at arm's length towards a bright sky and you can see it as a small disc of light in each eyepiece.</p>
<p>Your eye's pupil can only accept a beam as wide as it opens. A young, dark-adapted eye might open to around 7 mm, but that typically shrinks with age, and many adults over 50 reach only 5 or 6 mm. Light in a beam wider than your pupil is simply wasted.</p>

<table>
  <thead>
    <tr><th>Binocular</th><th>Exit pupil</th><th>Typical true field</th><th>Good for</th></tr>
  </thead>
  <tbody>
    <tr><td>7x35</td><td>5.0 mm</td><td>About 9&deg;</td><td>Travel, light pollution, children</td></tr>
    <tr><td>7x50</td><td>7.1 mm</td><td>About 7&deg;</td><td>Very dark skies, young eyes, boats</td></tr>
    <tr><td>8x42</td><td>5.3 mm</td><td>About 7&ndash;8&deg;</td><td>All-round use, day and night</td></tr>
    <tr><td>10x50</td><td>5.0 mm</td><td>About 5&ndash;6.5&deg;</td><td>The classic astronomy all-rounder</td></tr>
    <tr><td>15x70</td><td>4.7 mm</td><td>About 4&ndash;4.5&deg;</td><td>Deep-sky sweeping on a tripod</td></tr>
  </tbody>
</table>
<p>Field of view varies a lot between models, so check the specifications for the exact figure.</p>

<h2>7x50 or 10x50?</h2>
<p>This is the classic debate. A <strong>7x50</strong> gives a large exit pupil, a bright, wide and very steady view, which is why it has long been a favourite at sea. Under a truly dark sky with young eyes, it is gorgeous for sweeping the Milky Way.</p>
<p>A <strong>10x50</strong> has a smaller exit pupil, so the sky background looks darker, which helps from suburban sites. The extra magnification shows more stars in clusters and makes Jupiter's moons easier to see. Most people can hold 10x binoculars reasonably steady for a while, especially if they lean against something. For most observers, in most places, we think 10x50 is the better first choice.</p>

<h3>Going bigger</h3>
<p>Giant binoculars such as 15x70 or 20x80 show an impressive amount, but they are heavy and need a tripod or parallelogram mount to be enjoyable. Image-stabilised binoculars are a fantastic, if pricey, alternative for hand-held use at 10&ndash;15&times;.</p>

<h2>What to look for when buying</h2>
<ul>
  <li><strong>Fully multi-coated optics:</strong> every air-to-glass surface coated, for brighter, higher-contrast views.</li>
  <li><strong>BaK-4 prisms:</strong> these give round, evenly lit exit pupils. BK-7 prisms can show a squared-off, greyish edge.</li>
  <li><strong>Eye relief:</strong> if you wear glasses, look for 15 mm or more so you can see the whole field.</li>
  <li><strong>Tripod adapter socket:</strong> a threaded socket in the hinge lets you mount them steadily.</li>
  <li><strong>Collimation:</strong> both barrels must point exactly the same way. If you see double or feel eye strain, return them.</li>
</ul>
<blockquote><p>Pick them up, try them at night if you can, and be wary of extreme zoom binoculars or anything promising huge magnification in a small package.</p></blockquote>

<h2>First targets</h2>
<ol>
  <li><strong>The Moon:</strong> craters along the terminator and the dark seas.</li>
  <li><strong>The Pleiades (M45):</strong> a stunning blue-white cluster that fits perfectly in the field.</li>
  <li><strong>The Andromeda Galaxy (M31):</strong> an elongated glow 2.5 million light-years away.</li>
  <li><strong>The Double Cluster</strong> in Perseus: two rich star clusters side by side.</li>
  <li><strong>Jupiter's moons:</strong> up to four tiny points in a line beside the planet.</li>
  <li><strong>The Coathanger:</strong> an asterism in Vulpecula that looks exactly like its name.</li>
</ol>
<p>For more ideas, NASA's <a href="https://science.nasa.gov/skywatching/" rel="noopener noreferrer">skywatching pages</a> publish a monthly guide to what is up, and most of it is binocular-friendly.</p>
`,
    tags: ['binoculars', 'gear', 'beginners'],
    status: 'draft',
    publishedAt: null,
    featuredImageUrl: '/images/blog/binoculars-for-astronomy.svg',
  },
  {
    title: 'Collimating a Newtonian Reflector Without the Fear',
    slug: 'collimating-a-newtonian',
    excerpt:
      "Collimation sounds scary, but lining up a Newtonian's mirrors takes ten minutes once you know the order of operations. Here is our step-by-step routine.",
    content: `
<p>If you own a Newtonian reflector or a Dobsonian, sooner or later you will need to collimate it: adjust the mirrors so they all share the same optical axis. Many owners avoid it for years because it looks intimidating. It really is not, and a well-collimated reflector is dramatically sharper than a slightly misaligned one, especially on planets and double stars.</p>

<h2>How do you know it needs doing?</h2>
<p>Point at a bright star at high power and defocus it slightly. In a well-collimated Newtonian you will see a set of concentric rings with the dark shadow of the secondary mirror right in the centre, like a doughnut. If the shadow is off to one side, or the rings look squashed like a comet, it is time to collimate.</p>
<p>Fast telescopes are much fussier than slow ones. An f/8 Newtonian tolerates small errors; an f/4 or f/5 Dobsonian needs checking more often, especially after a bumpy car journey.</p>

<h2>The tools</h2>
<ul>
  <li><strong>Collimation cap:</strong> a focuser cap with a tiny central hole. Cheap, and often all you need.</li>
  <li><strong>Cheshire eyepiece:</strong> a sight tube with a reflective angled face and crosshairs, for precise primary mirror adjustment.</li>
  <li><strong>Laser collimator:</strong> quick and convenient, especially in the dark, but only accurate if the laser itself is collimated and sits squarely in the focuser.</li>
  <li><strong>A screwdriver or hex key</strong> that fits your secondary mirror screws.</li>
</ul>
<p>Most modern primary mirrors have a small <strong>centre spot</strong> or ring marked on them. It is hidden behind the secondary mirror's shadow, so it does not affect the image, and it is the target for everything that follows.</p>

<h2>Step by step</h2>
<p>Do this in daylight or a well-lit room the first few times, with the tube roughly horizontal so nothing can fall onto the primary mirror.</p>
<ol>
  <li><strong>Centre the secondary under the focuser.</strong> Looking through the collimation cap, the secondary mirror should appear as a round (not oval) shape centred in the focuser tube. Adjust its position along the tube with the central bolt if needed. Once set, this rarely needs changing.</li>
  <li><strong>Tilt the secondary to aim at the primary.</strong> Use the three small tilt screws on the secondary holder to centre the reflection of the whole primary mirror, including its clips, within the secondary. Make small turns, loosening one screw slightly before tightening the others.</li>
  <li><strong>Adjust the primary.</strong> Now use the collimation knobs at the back of the tube. Turn them until the centre spot on the primary lines up with the reflection of the secondary (with a Cheshire, the crosshair sits in the centre-spot ring; with a laser, the returning beam hits the centre of the laser's target face). Most cells also have locking screws; loosen them first and snug them gently afterwards.</li>
  <li><strong>Star test.</strong> At night, let the telescope cool, put a bright star in the centre of the field at high power and defocus slightly. Make tiny tweaks to the primary only, recentring the star after each one, until the rings are concentric.</li>
</ol>

<h3>A note on offset</h3>
<p>In fast Newtonians the secondary mirror is often deliberately offset slightly away from the focuser and towards the primary. That means it may not look perfectly centred when viewed through the focuser, and that is fine. Do not chase perfect visual symmetry in step 1 if your telescope is designed with offset.</p>

<blockquote><p>Collimation is like tuning a guitar. The first time takes ages; after a month it takes two minutes and you do it without thinking.</p></blockquote>

<h2>Common mistakes</h2>
<ul>
  <li><strong>Over-tightening:</strong> clamping the primary too hard can pinch and distort the mirror, giving triangular star images.</li>
  <li><strong>Trusting an uncollimated laser:</strong> rotate the laser in the focuser; if the dot traces a circle on the primary, the laser itself needs adjusting.</li>
  <li><strong>Adjusting the wrong mirror during the star test:</strong> at night, only touch the primary.</li>
  <li><strong>Collimating a warm telescope:</strong> tube currents make stars boil and the star test meaningless until the mirror cools.</li>
</ul>
<p>Once collimated, a good reflector is one of the best-value telescopes there is. For background on how reflecting telescopes work, NASA's <a href="https://science.nasa.gov/mission/webb/" rel="noopener noreferrer">Webb telescope</a> pages are a fun reminder that the biggest observatories in space use mirrors too, with alignment tolerances far tighter than ours.</p>
`,
    tags: ['telescopes', 'gear', 'beginners'],
    status: 'draft',
    publishedAt: null,
    featuredImageUrl: '/images/blog/collimating-a-newtonian.svg',
  },
  {
    title: "What a Smart Telescope Can and Can't Do",
    slug: 'smart-telescopes-pros-and-cons',
    excerpt: null,
    content: `
<p>Smart telescopes are everywhere at star parties these days: compact, app-controlled instruments that find their own targets and build up a colour image of a galaxy on your phone while you drink your tea. We have spent a season using one alongside our regular kit, and here is our honest take on what they are great at and where they fall short.</p>

<h2>What is a smart telescope?</h2>
<p>A smart telescope combines a small telescope, a camera sensor, a motorised alt-azimuth mount and a small computer in one sealed unit. You control it from a phone or tablet. Typical apertures are small, roughly 30 to 114 mm, and most models have no eyepiece at all: you look at a screen, not through glass.</p>
<p>The key technologies are <strong>plate solving</strong>, where the telescope takes a picture, matches the star pattern against a catalogue and works out exactly where it is pointing, and <strong>live stacking</strong>, where it takes many short exposures and combines them continuously so the image gets cleaner the longer you wait.</p>

<h2>What they do brilliantly</h2>
<ul>
  <li><strong>Setup in minutes.</strong> No polar alignment, no star alignment routine, no cables. Put it down roughly level, open the app, tap a target.</li>
  <li><strong>Faint objects from bright skies.</strong> Live stacking and built-in light pollution filters reveal colour and structure in nebulae and galaxies that you would struggle to see by eye from a suburban garden.</li>
  <li><strong>Sharing.</strong> Everyone around the phone sees the same image at once, which makes them superb for families, classrooms and outreach.</li>
  <li><strong>Getting started in imaging.</strong> They teach the concepts of exposure, stacking and framing without a mountain of separate equipment.</li>
</ul>

<h2>Where they fall short</h2>
<h3>Small aperture and small sensor</h3>
<p>The physics has not changed: a small aperture collects limited light and has limited resolving power. Galaxies come out small, and fine detail in planetary nebulae or galaxy cores is beyond them.</p>
<h3>Planets and the Moon</h3>
<p>The Moon looks nice, but Jupiter and Saturn are tiny in the frame. Planetary detail needs long focal lengths and high frame-rate video, which a typical smart telescope's optics are not designed for. A modest traditional telescope will show far more on the planets.</p>
<h3>Alt-azimuth limitations</h3>
<p>An alt-az mount tracks the sky, but the field slowly rotates during a session. To cope, smart telescopes use short sub-exposures (often around 10 to 20 seconds), and long sessions can show rotated, cropped edges. Targets near the zenith can also be hard for alt-az mounts to follow.</p>
<h3>No eyepiece</h3>
<p>For some of us, the photons-straight-into-the-eye experience is the whole point. Seeing a faint smudge with your own eye and knowing the light left that galaxy millions of years ago is a different kind of thrill from watching a screen.</p>

<blockquote><p>A smart telescope is a wonderful camera pointed at the sky. It is not a replacement for learning the sky.</p></blockquote>

<h2>Who should buy one?</h2>
<ol>
  <li>People who want pretty pictures of deep-sky objects with very little setup time.</li>
  <li>Observers in light-polluted places who have given up on visual deep-sky viewing.</li>
  <li>Outreach volunteers and teachers who need to show a group something quickly.</li>
  <li>Experienced observers who want a second instrument running while they observe visually.</li>
</ol>
<p>If your dream is to see Saturn's rings with your own eye or to learn your way around the constellations, a small traditional telescope or a pair of binoculars will serve you better, and costs less.</p>
<p>Whichever you choose, darker skies help every instrument. <a href="https://darksky.org/" rel="noopener noreferrer">DarkSky International</a> has a map of certified dark places worth visiting.</p>
<p><em>This post reflects the models we had tried at the time of writing. Smart telescopes are evolving fast, so some of the limitations above may no longer apply.</em></p>
`,
    tags: ['telescopes', 'gear', 'astrophotography'],
    status: 'archived',
    publishedAt: '2025-10-18T17:00:00.000Z',
    featuredImageUrl: null,
  },
]

export const SEED_FAQS: SeedFaq[] = [
  {
    title: 'What telescope should I buy first?',
    content: `<p>For most beginners we recommend starting with a good pair of <strong>10x50 binoculars</strong>, then moving up to a <strong>6 or 8 inch (150&ndash;200 mm) Dobsonian</strong> reflector. Dobsonians give the most aperture for your money and are simple to set up and use.</p>
<ul>
  <li>Avoid telescopes sold on magnification ("500x!"). Aperture matters far more.</li>
  <li>A solid, steady mount is more important than fancy accessories.</li>
  <li>If you want to take photos of deep-sky objects, that is a different path; ask in the community first.</li>
</ul>
<p>Our <a href="/telescope-guide">telescope guide</a> goes into more detail.</p>`,
    lastUpdated: '2026-09-02T10:00:00.000Z',
  },
  {
    title: 'When is the best time to see the aurora?',
    content: `<p>Aurora can appear any time the sky is dark, but your chances improve with:</p>
<ul>
  <li><strong>Long, dark nights:</strong> roughly September to March for northern Europe.</li>
  <li><strong>The equinox months</strong> of March and September, when geomagnetic activity tends to be higher.</li>
  <li><strong>Local midnight, give or take a couple of hours</strong>, when substorms are common.</li>
  <li><strong>A Kp index of 5 or more (a G1 storm)</strong> for mid-latitudes, ideally with the solar wind's Bz pointing south.</li>
</ul>
<p>Check our <a href="/kp-index">Kp index page</a> and the <a href="https://www.swpc.noaa.gov/" rel="noopener noreferrer">NOAA Space Weather Prediction Center</a> for live data.</p>`,
    lastUpdated: '2026-10-14T08:30:00.000Z',
  },
  {
    title: 'How do I find the radio stream?',
    content: `<p>The live stream plays from the small radio player in the bottom-right corner of every page: press play and it keeps going while you browse. The <a href="/music">Live Cosmic Radio</a> page adds station stats and the recently played tracks. If the stream does not start, check that your browser allows audio playback for this site and that you are not on a network that blocks streaming.</p>`,
    lastUpdated: '2026-06-20T12:00:00.000Z',
  },
  {
    title: 'Can I share my astrophotos in the community?',
    content: `<p>Yes, please do! Post them in the astrophotography channel of our Discord server: the Community Gallery on the <a href="/photos">Photos</a> page shows the images shared there. A few simple guidelines:</p>
<ul>
  <li>Only share images you took yourself, or have permission to post.</li>
  <li>Add details if you can: date, location, equipment, exposure and processing.</li>
  <li>Be kind in the comments. Everyone started somewhere.</li>
</ul>
<p>Posts in the channel follow the server rules and may be moderated. See the <a href="/terms">terms</a> for the full rules.</p>`,
    lastUpdated: '2026-08-11T09:15:00.000Z',
  },
  {
    title: 'Why does the Moon look bigger near the horizon?',
    content: `<p>It is an illusion. The Moon's angular size is essentially the same near the horizon as high in the sky; in fact it is very slightly <em>smaller</em> on the horizon, because you are then about one Earth radius further away from it. The atmosphere does not magnify it either.</p>
<p>The effect, known as the <strong>Moon illusion</strong>, happens in the brain. Scientists still debate the exact explanation, but it is likely related to how we judge size and distance against the horizon. Try holding a small coin at arm's length next to the rising Moon, then again later when it is high: it covers the same amount of Moon both times.</p>`,
    lastUpdated: null,
  },
  {
    title: 'How do I join the Discord community?',
    content: `<p>Our Discord server is open to everyone who enjoys the night sky. Create a free account on the site and you will find the current invite link in the <a href="/members">members area</a>. Once you join:</p>
<ul>
  <li>Say hello in the introductions channel.</li>
  <li>Post clear-sky alerts and aurora sightings in the live channels.</li>
  <li>Read the pinned rules; we keep it friendly and spoiler-free for live events.</li>
</ul>`,
    lastUpdated: '2026-11-03T19:45:00.000Z',
  },
]

export const SEED_PAGES: SeedPage[] = [
  {
    title: 'Dark Sky Sites Near You',
    slug: 'dark-sky-sites',
    status: 'published',
    metaDescription:
      'How to find a genuinely dark observing site near you: light pollution maps, the Bortle scale, safety tips and what makes a good spot for stargazing.',
    publishedAt: '2026-04-20T09:00:00.000Z',
    content: `
<p>The single biggest upgrade to your stargazing is not a new telescope. It is a darker sky. This page collects everything we have learned about finding good observing sites, whether you have twenty minutes or a whole weekend.</p>

<h2>Start with a light pollution map</h2>
<p>Satellite-based light pollution maps show artificial sky brightness as coloured zones. Look for the blue, grey and black areas and note how far they are from home. A drive of 30 to 60 minutes out of a city can often take you from a Bortle 7 or 8 sky to Bortle 4, and that difference is enormous: the Milky Way goes from invisible to obvious.</p>
<p>Our article on <a href="/blog/bortle-scale-light-pollution">light pollution and the Bortle scale</a> explains how to read those numbers and estimate your own sky.</p>

<h2>Certified dark-sky places</h2>
<p><a href="https://darksky.org/" rel="noopener noreferrer">DarkSky International</a> certifies parks, reserves, sanctuaries and communities around the world that protect their night skies. These are some of the best places to observe, often with public events, visitor facilities and good road access. Many national parks and protected landscapes also publish their own stargazing guides and recommended viewpoints.</p>

<h2>What makes a good site?</h2>
<ul>
  <li><strong>Low horizons,</strong> especially to the south (for planets and the summer Milky Way) and north (for aurora).</li>
  <li><strong>No nearby lights:</strong> security lights, car parks and passing headlights all ruin dark adaptation.</li>
  <li><strong>Firm, level ground</strong> for a tripod or telescope, away from dew-soaked long grass if possible.</li>
  <li><strong>Shelter from wind</strong> without tall trees blocking the sky.</li>
  <li><strong>Legal access at night,</strong> and somewhere you can park without blocking gates or lanes.</li>
</ul>

<h3>Height helps, sometimes</h3>
<p>Getting above low-lying mist and some of the haze can make a real difference, and hilltops often have better horizons. But high sites are colder and windier, and valleys can trap cold, damp air and fog. Scout a few places and keep notes on how each one performs in different weather.</p>

<h2>Staying safe</h2>
<ol>
  <li>Tell someone where you are going and when you expect to be back.</li>
  <li>Visit the site in daylight first to check for hazards, ditches and livestock.</li>
  <li>Take more warm clothing than you think you need, plus a hot drink.</li>
  <li>Carry a red torch and a charged phone, and check mobile coverage in advance.</li>
  <li>Observe with a friend or a local astronomy club whenever you can.</li>
</ol>

<blockquote><p>The best dark site is the one you will actually use. A decent spot twenty minutes away beats a perfect one three hours away that you never visit.</p></blockquote>

<h2>Share your spots</h2>
<p>Found somewhere great? Tell us about it in the community, with a Bortle estimate or sky quality meter reading and any tips for access. Please only share places that are legally open to the public at night, and respect landowners, wildlife and other visitors. Leave no trace, keep lights low, and keep the dark places dark.</p>
`,
  },
  {
    title: 'Astrophotography Gear I Use',
    slug: 'my-gear',
    status: 'published',
    metaDescription:
      'The telescopes, cameras, mounts and software behind the images on this site, with honest notes on what each piece is good at and what I would change.',
    publishedAt: '2026-05-28T11:00:00.000Z',
    content: `
<p>People often ask what equipment is behind the photos and videos on this site. Here is the current setup, with honest notes. None of this is sponsored, and you absolutely do not need all of it to enjoy the night sky. Most of my favourite nights still involve nothing more than binoculars.</p>

<h2>Visual observing</h2>
<ul>
  <li><strong>8 inch (200 mm) Dobsonian reflector:</strong> the workhorse. Quick to set up, superb on the Moon, planets and bright deep-sky objects. It needs collimating now and then, which takes a couple of minutes.</li>
  <li><strong>10x50 binoculars:</strong> always by the door. Perfect for quick looks, comets and sweeping the Milky Way.</li>
  <li><strong>A small refractor with a white-light solar filter:</strong> my daytime scope for sunspots, only ever used with a full-aperture filter securely fitted.</li>
</ul>

<h2>Deep-sky imaging</h2>
<p>Deep-sky imaging has very different needs from visual observing. The mount matters more than the telescope, and short focal lengths are far more forgiving.</p>
<ul>
  <li><strong>Equatorial mount:</strong> a computerised German equatorial mount, polar aligned, carrying everything below. Accurate tracking and guiding make or break a long exposure.</li>
  <li><strong>Small apochromatic refractor</strong> of around 70&ndash;80 mm aperture: a wide field, sharp stars and no collimation worries.</li>
  <li><strong>Cooled astronomy camera:</strong> cooling keeps sensor noise low during long sessions.</li>
  <li><strong>Guide scope and guide camera:</strong> they watch a star and send tiny corrections to the mount.</li>
  <li><strong>Dual-band narrowband filter:</strong> essential for nebulae from my light-polluted garden.</li>
</ul>

<h2>Planetary and lunar imaging</h2>
<p>For the planets, I put the Dobsonian on an equatorial tracking platform and swap the eyepiece for a high frame-rate planetary camera and a Barlow lens. The technique is "lucky imaging": record a few thousand video frames, keep the sharpest and stack them.</p>

<h2>Wide-field and nightscapes</h2>
<ul>
  <li><strong>Full-frame mirrorless camera</strong> with a fast wide-angle lens, used for Milky Way, aurora and meteor shots.</li>
  <li><strong>A sturdy tripod and an intervalometer.</strong> Cheap tripods are a false economy at night.</li>
  <li><strong>A small star tracker</strong> for longer exposures with lenses.</li>
</ul>

<h2>Software</h2>
<ol>
  <li>A planetarium app to plan sessions and check what is up.</li>
  <li>Capture and guiding software on a small computer at the mount.</li>
  <li>Stacking software for deep-sky and planetary data.</li>
  <li>An image editor for the final stretch and colour balance.</li>
</ol>

<h3>What I would change</h3>
<p>If I were starting again, I would spend more on the mount and less on everything else. I would also have bought a dew heater much sooner; dew has ended more of my sessions than cloud.</p>

<blockquote><p>Buy for the sky you actually have. A light-polluted garden, limited time and a heavy mount you never carry outside is a common story.</p></blockquote>

<p>Questions about any of this? Ask in the community, or see our <a href="/telescope-guide">telescope guide</a> for beginner recommendations.</p>
`,
  },
  {
    title: 'Observing Log Template',
    slug: 'observing-log',
    status: 'draft',
    metaDescription:
      'A simple observing log template for stargazers: what to record each session, from sky conditions and seeing to equipment, targets and sketches.',
    publishedAt: null,
    content: `
<p>Keeping an observing log is one of the best habits an amateur astronomer can build. It helps you remember what you have seen, track how your skills improve, and compare conditions from night to night. Here is the simple template we use, which works equally well in a paper notebook, a spreadsheet or a notes app.</p>

<h2>Session details</h2>
<p>Record these once at the start of each session:</p>
<ul>
  <li><strong>Date and time:</strong> use UTC if you plan to share observations, and note local time too.</li>
  <li><strong>Location:</strong> site name, and approximate latitude and longitude.</li>
  <li><strong>Equipment:</strong> telescope or binoculars, eyepieces, filters, camera.</li>
  <li><strong>Observers:</strong> just "me", or who joined you.</li>
</ul>

<h2>Sky conditions</h2>
<table>
  <thead>
    <tr><th>Field</th><th>How to record it</th><th>Example</th></tr>
  </thead>
  <tbody>
    <tr><td>Transparency</td><td>How clear the air is, 1 (poor) to 5 (excellent)</td><td>4</td></tr>
    <tr><td>Seeing</td><td>Steadiness of the air, often on the Antoniadi scale I (perfect) to V (very poor)</td><td>III</td></tr>
    <tr><td>Limiting magnitude</td><td>Faintest star visible to the naked eye</td><td>5.8</td></tr>
    <tr><td>Bortle estimate</td><td>1 (darkest) to 9 (inner city)</td><td>4</td></tr>
    <tr><td>Moon</td><td>Phase, and whether it is up</td><td>Waxing crescent, set 21:40</td></tr>
    <tr><td>Weather</td><td>Temperature, wind, dew</td><td>3&deg;C, light breeze, heavy dew</td></tr>
  </tbody>
</table>

<h2>For each object</h2>
<ol>
  <li><strong>Object name and catalogue number</strong>, for example M13 or NGC 7000.</li>
  <li><strong>Time observed.</strong></li>
  <li><strong>Instrument and magnification.</strong></li>
  <li><strong>Description:</strong> size, brightness, shape, colour, detail seen with direct and averted vision.</li>
  <li><strong>Sketch or photo reference</strong>, if you made one.</li>
  <li><strong>Rating:</strong> a simple 1&ndash;5 for how impressive it was.</li>
</ol>

<h3>Tips for useful descriptions</h3>
<p>Write what you actually saw, not what the photographs show. "Faint oval glow, brighter core, mottled at 150&times; with averted vision" is more valuable than "nice galaxy". Note things you <em>could not</em> see as well, because they become targets for the next dark night.</p>

<h2>After the session</h2>
<ul>
  <li>Add a short summary: highlights, problems, ideas for next time.</li>
  <li>Back up digital logs and photos.</li>
  <li>Tick objects off any observing lists you are working through, such as the Messier catalogue.</li>
</ul>

<blockquote><p>The log you keep is more useful than the perfect log you never start. Even three lines per night add up to a wonderful record.</p></blockquote>

<p>A downloadable version of this template is coming soon. In the meantime, copy the fields above into whatever format suits you, and share your favourite log entries with the community.</p>
`,
  },
]
