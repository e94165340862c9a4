"""Audio CHOPs at audio rate: oscillator, file in (the synthetic stand-in loop and a WAV the artist
names), device in, filter, band EQ, spectrum and Analyze."""

import math
import os
import struct
import tempfile
import wave

from .support import SteadySimTestCase, td, tdsim
from tdsim.families.chop import standinloop  # noqa: E402


def write_wav(path, samples, rate=8000, channels=1, width=2):
    with wave.open(path, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        fmt = {1: "B", 2: "<h", 4: "<i"}[width]
        scale = {1: 127, 2: 32767, 4: 2147483647}[width]
        w.writeframes(b"".join(struct.pack(fmt, int(round(s * scale)) + (128 if width == 1 else 0))
                               for s in samples))


class AudioCase(SteadySimTestCase):
    def wired(self, op_type, *sources):
        op = self.create(op_type)
        for i, s in enumerate(sources):
            op.inputConnectors[i].connect(s)
        return op


class OscillatorTest(AudioCase):
    def test_a_frame_of_a_440_hz_sine_at_44100(self):
        osc = self.create("audiooscillatorCHOP")
        tdsim.step()
        ch = osc["chan1"]
        self.assertEqual((osc.rate, osc.numSamples, osc.isTimeSlice), (44100.0, 735, True))
        # 735 samples of a 440 Hz sine: consecutive samples 440/44100 of a cycle apart
        self.assertAlmostEqual(max(ch.vals), 1.0, places=3)
        self.assertAlmostEqual(math.asin(max(-1, min(1, ch.vals[1]))) - math.asin(ch.vals[0]),
                               2 * math.pi * 440 / 44100, places=3)

    def test_pitch_input_doubles_per_octave_and_reset(self):
        pitch = self.create("constantCHOP")
        pitch.par.const0name, pitch.par.const0value = "p", 1
        osc = self.wired("audiooscillatorCHOP", pitch)
        osc.par.wavetype = "ramp"
        tdsim.step()
        vals = osc["p"].vals
        self.assertAlmostEqual(vals[1] - vals[0], 880 / 44100, places=6)
        osc.par.resetpulse.pulse()
        tdsim.step()
        self.assertAlmostEqual(osc["p"].vals[0], 0.0)


class FileInTest(AudioCase):
    def test_the_stand_in_loop_is_synthetic_and_shipped(self):
        with open(standinloop.STANDIN_PATH, "rb") as f:
            self.assertEqual(f.read(), standinloop.wav_bytes())   # the shipped file is what the generator makes

    def test_without_a_file_it_plays_the_stand_in_loop_and_it_moves(self):
        f = self.create("audiofileinCHOP")
        level = self.wired("analyzeCHOP", f)
        level.par.function = "rmspower"
        seen = []
        for _ in range(60):
            tdsim.step()
            seen.append(level["chan1"].eval())
        self.assertEqual((f.rate, f.numChans, f.errors()), (44100.0, 1, ""))
        self.assertGreater(max(seen), 0.2)              # a kick drum every beat
        self.assertLess(min(seen), 0.5 * max(seen))     # and quieter between them

    def test_a_named_wav_plays_sequentially_with_volume_and_repeat(self):
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "steps.wav")
        # one second at 8 kHz: 0.25 for half a second, then 0.75
        write_wav(path, [0.25] * 4000 + [0.75] * 4000)
        f = self.create("audiofileinCHOP")
        f.par.file = path
        f.par.playmode = "sequential"
        f.par.volume = 2
        seen = []
        for _ in range(70):
            tdsim.step()
            seen.append(round(f["chan1"].vals[-1], 3))
        self.assertEqual(f.rate, 8000.0)
        self.assertEqual(f.numSamples, 133)           # a frame at 8 kHz
        self.assertEqual(seen[10], 0.5)               # the first half, doubled
        self.assertEqual(seen[40], 1.5)               # the second half, doubled
        self.assertEqual(seen[65], 0.5)               # repeated from the start
        f.par.repeat = "off"
        tdsim.step(70)
        self.assertEqual(f["chan1"].vals[-1], 0.0)    # past the end: silence

    def test_bad_files_are_errors_on_the_chop(self):
        f = self.create("audiofileinCHOP")
        f.par.file = "/no/such/file.wav"
        tdsim.step()
        self.assertIn("Audio file not found: /no/such/file.wav", f.errors())
        other = os.path.join(tempfile.mkdtemp(), "song.mp3")
        open(other, "wb").close()
        f.par.file = other
        tdsim.step()
        self.assertIn("tdsim cannot read '.mp3' sound files", f.errors())


class DeviceAndFiltersTest(AudioCase):
    def test_device_in_is_silence_with_a_warning(self):
        dev = self.create("audiodeviceinCHOP")
        tdsim.step()
        self.assertEqual([c.name for c in dev.chans()], ["chan1", "chan2"])
        self.assertEqual(set(dev["chan1"].vals), {0.0})
        self.assertIn("tdsim has no audio device", dev.warnings())
        tdsim.inject_channels(dev, {"chan1": 0.5})
        self.assertEqual(dev["chan1"].eval(), 0.5)

    def level_through(self, op_type, freq, **pars):
        osc = self.create("audiooscillatorCHOP")
        osc.par.frequency = freq
        filt = self.wired(op_type, osc)
        for name, value in pars.items():
            setattr(filt.par, name, value)
        rms = self.wired("analyzeCHOP", filt)
        rms.par.function = "rmspower"
        tdsim.step(10)
        return rms["chan1"].eval()

    def test_low_pass_keeps_lows_and_cuts_highs(self):
        low = self.level_through("audiofilterCHOP", 100)
        high = self.level_through("audiofilterCHOP", 8000)
        self.assertAlmostEqual(low, 1 / math.sqrt(2), delta=0.05)   # a sine's RMS, passed
        self.assertLess(high, 0.05)
        steep = self.level_through("audiofilterCHOP", 8000, rolloff=24)
        self.assertLess(steep, high)
        passed = self.level_through("audiofilterCHOP", 8000, filter="highpass")
        self.assertGreater(passed, 0.6)

    def test_band_eq_cuts_its_band_only(self):
        flat = self.level_through("audiobandeqCHOP", 1500)
        cut = self.level_through("audiobandeqCHOP", 1500, band10=-24)
        other = self.level_through("audiobandeqCHOP", 100, band10=-24)
        self.assertLess(cut, flat * 0.3)
        self.assertAlmostEqual(other, flat, delta=0.05)


class SpectrumAnalyzeTest(AudioCase):
    def test_a_sine_peaks_at_its_frequency(self):
        osc = self.create("audiooscillatorCHOP")
        osc.par.frequency = 1000
        spec = self.wired("audiospectrumCHOP", osc)
        tdsim.step(15)   # more than 8192 samples heard
        self.assertEqual(spec.numSamples, 22050)     # one sample per Hz, as documented
        peak = self.wired("analyzeCHOP", spec)
        peak.par.function = "maximumindex"
        self.assertAlmostEqual(peak["chan1"].eval(), 1000, delta=10)
        self.assertAlmostEqual(max(spec["chan1"].vals), 1.0, delta=0.1)
        spec.par.mode = "timetoraw"
        spec.par.fftsize = "1024"
        self.assertEqual([c.name for c in spec.chans()], ["chan1_m", "chan1_p"])
        self.assertEqual(spec.numSamples, 513)

    def test_analyze_peaks_and_duplicates(self):
        osc = self.create("oscinCHOP")
        tdsim.inject_channels(osc, {"x": [0, 3, 1, 5, 2, 5, 0]})
        a = self.wired("analyzeCHOP", osc)
        expected = {"firstpeakvalue": 3.0, "firstpeakindex": 1.0, "lastpeakindex": 5.0,
                    "highestpeakvalue": 5.0, "highestpeakindex": 5.0, "lowestpeakvalue": 3.0,
                    "totalpeaks": 3.0, "maximumindex": 3.0}
        for function, value in expected.items():
            a.par.function = function
            self.assertEqual(a["x"].eval(), value, function)
        a.par.valleys = True
        a.par.function = "totalpeaks"
        self.assertEqual(a["x"].eval(), 2.0)
        tdsim.inject_channels(osc, {"x": [1, 2, 3]})
        a.par.function = "firstpeakvalue"
        self.assertEqual(a["x"].eval(), -1.0)     # no peak: No Peak Value
        a.par.function = "duplicates"
        tdsim.inject_channels(osc, {"x": [4, 4, 7]})
        self.assertEqual([(c.name, c.vals) for c in a.chans()],
                         [("x", [4.0, 7.0]), ("x_count", [2.0, 1.0]), ("x_index", [0.0, 2.0])])
        self.assertIsInstance(a, td.analyzeCHOP)
